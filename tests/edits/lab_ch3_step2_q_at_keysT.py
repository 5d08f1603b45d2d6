# Edit: q @ keys.T gives the same scores as keys @ q
import numpy as np
np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
print((q @ keys.T).round(1))
print((keys @ q).round(1))
print(np.abs(q @ keys.T - keys @ q).max())
