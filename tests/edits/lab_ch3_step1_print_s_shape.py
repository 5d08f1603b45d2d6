# Edit: print shapes inside the loop
import numpy as np
np.random.seed(42)
for d_k in [4, 16]:
    q = np.random.randn(1000, d_k)
    k = np.random.randn(1000, d_k)
    s = (q * k).sum(axis=1)
    print(d_k, q.shape, k.shape, (q * k).shape, s.shape, s[:3])
