import numpy as np

def scores(q, k):
    return q @ k

def attention(q, k):
    s = scores(q, k)
    return s / np.sqrt(q.shape[-1])

q = np.ones((2, 4))
k = np.ones((2, 4))
print(attention(q, k.T))
print(attention(q, k))
