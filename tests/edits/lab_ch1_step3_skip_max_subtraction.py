# Edit: skip "- z.max()": fine for small scores, overflow for large ones
import numpy as np

def softmax(z):
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)

print(softmax(np.array([2.0, 1.0, 0.1])))
z = np.array([800.0, 1.0, 2.0])
p = softmax(z)
print("확률 p     :", np.round(p, 2))
print("확률의 합  :", p.sum())
