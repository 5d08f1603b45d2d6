# Edit: divide by the lengths to get the cosine
import numpy as np
u = np.array([1, 2, 3])
v = np.array([4, 5, 6])
cos = np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v))
print("cos(u, v) =", cos, round(cos, 3))
print("cos(u, -u) =", np.dot(u, -u) / (np.linalg.norm(u) ** 2))
w = np.array([3, 0, -1])
print("cos(u, w) =", np.dot(u, w) / (np.linalg.norm(u) * np.linalg.norm(w)))
