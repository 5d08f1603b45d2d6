# Edit: hide keys 4..7 with -inf before the softmax
import numpy as np

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = keys @ q / np.sqrt(d_k)
mask = np.arange(8) >= 4
s[mask] = -np.inf
print(s.round(2))
print(softmax(s).round(3), softmax(s).sum())
