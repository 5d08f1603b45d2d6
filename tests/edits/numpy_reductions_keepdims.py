import numpy as np
M = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
s = M.sum(axis=1, keepdims=True)
print(s, s.shape)
print(M / s)
print(M.max(axis=-1, keepdims=True), M.mean(axis=0, keepdims=True).shape)
print(M - M.mean(axis=1, keepdims=True))
