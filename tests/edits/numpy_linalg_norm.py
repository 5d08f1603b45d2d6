import numpy as np
v = np.array([3.0, 4.0])
print(np.linalg.norm(v), np.linalg.norm(np.array([1, 2, 3])))
M = np.array([[1.0, 2.0], [3.0, 4.0]])
print(np.linalg.norm(M), np.linalg.norm(M, axis=1), np.linalg.norm(M, axis=0))
u = v / np.linalg.norm(v)
print(u, np.linalg.norm(u))
a, b = np.array([1.0, 0.0, 1.0]), np.array([0.5, 0.5, 0.0])
print("cosine:", a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
