# Edit: pass a plain list; lists have no .max(axis=...)
import numpy as np

def softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

p = softmax([2.0, 1.0, 0.1])
