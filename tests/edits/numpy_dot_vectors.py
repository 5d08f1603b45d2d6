import numpy as np
u = np.array([1, 2, 3])
v = np.array([4, 5, 6])
print(np.dot(u, v), np.dot(u, -u), u.dot(v), np.dot(u * 0.5, v))
M = np.arange(6).reshape(2, 3)
print(np.dot(M, u), np.dot(2, u), np.dot(M, M.T))
