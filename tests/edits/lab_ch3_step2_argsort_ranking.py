# Edit: the ranking of keys does not change with scaling
import numpy as np

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = keys @ q
print(np.argsort(-softmax(s)), np.argsort(-softmax(s / np.sqrt(d_k))))
print(softmax(s / np.sqrt(d_k))[np.argsort(-s)[:3]].round(3))
