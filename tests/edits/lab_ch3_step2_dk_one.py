import numpy as np

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 1
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = keys @ q
print(s.round(3), softmax(s).round(3), softmax(s / np.sqrt(d_k)).round(3))
