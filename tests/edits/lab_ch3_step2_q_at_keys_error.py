# Edit: q @ keys puts the shapes the wrong way round
import numpy as np
np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = q @ keys
