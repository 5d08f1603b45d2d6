import numpy as np
M = np.array([[1, 2, 3], [4, 5, 6]])
print(M.sum(), M.sum(axis=0), M.sum(axis=1), M.sum(axis=-1))
print(M.mean(), M.mean(axis=0), M.mean(axis=1))
print(M.max(axis=0), M.min(axis=1), np.max(M), np.min(M, axis=0))
print(np.sum(M, axis=1), np.mean(M * 0.1, axis=0))
