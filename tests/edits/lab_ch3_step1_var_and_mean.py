import numpy as np
np.random.seed(0)
for d_k in [4, 64]:
    s = (np.random.randn(2000, d_k) * np.random.randn(2000, d_k)).sum(axis=1)
    print(d_k, s.mean().round(3), s.var().round(2), (s / np.sqrt(d_k)).var().round(3))
