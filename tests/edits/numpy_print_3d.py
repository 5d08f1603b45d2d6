import numpy as np
T = np.arange(24).reshape(2, 3, 4)
print(T)
print(T * 0.5)
print(repr(T[:, :1, :2]))
print(T.sum(axis=0), T.shape, T[1, 2, 3], T[:, :, 0])
