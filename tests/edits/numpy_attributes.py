import numpy as np
M = np.arange(12).reshape(3, 4)
print(M.shape, M.ndim, M.dtype, len(M))
print(M.T, M.T.shape)
print(M.reshape(2, 6), M.reshape(-1), M.reshape(4, -1).shape)
v = np.arange(3.0)
print(v.T, v.shape, v.reshape(3, 1), v.reshape(1, -1))
