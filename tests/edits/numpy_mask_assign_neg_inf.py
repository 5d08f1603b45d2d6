# Causal mask: each query may only look at keys up to itself
import numpy as np
np.random.seed(0)
s = np.random.randn(4, 4).round(2)
mask = np.triu(np.ones((4, 4)), k=1).astype(bool)
s[mask] = -np.inf
print(s)
e = np.exp(s - s.max(axis=-1, keepdims=True))
p = e / e.sum(axis=-1, keepdims=True)
print(p.round(3))
print(p.sum(axis=-1))
