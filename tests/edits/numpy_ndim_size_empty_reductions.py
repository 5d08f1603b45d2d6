# np.ndim and np.size as functions; reductions over an empty axis.
import numpy as np

a = np.arange(12).reshape(3, 4)
print(np.ndim(a), np.size(a), np.size(a, 0), np.size(a, axis=1), np.ndim(5))
e = np.zeros((0, 3))
print(e.sum(axis=0), e.sum(axis=1), e.sum())
print(np.zeros((2, 0)).sum(axis=0), np.zeros((2, 0)).max(axis=0))
