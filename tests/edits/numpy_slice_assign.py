import numpy as np
M = np.zeros((3, 4))
M[0] = 1
M[:, -1] = [7, 8, 9]
M[1:, :2] = np.array([[1.5, 2.5], [3.5, 4.5]])
M[2, 2] = -1
print(M)
v = np.arange(10)
v[::3] = 0
v[v > 6] = -v[v > 6]
print(v)
