# Edit: sum over axis 0 adds up pairs instead of dimensions
import numpy as np
np.random.seed(42)
d_k = 16
q = np.random.randn(1000, d_k)
k = np.random.randn(1000, d_k)
s = (q * k).sum(axis=0)
print(s.shape, s.std().round(2), (s / np.sqrt(d_k)).std().round(2))
