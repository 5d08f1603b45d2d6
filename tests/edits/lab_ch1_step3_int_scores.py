import numpy as np

def softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

z = np.array([3, 3, -2, 0])
p = softmax(z)
print("점수 z     :", z)
print("e^z        :", np.round(np.exp(z), 2))
print("확률 p     :", np.round(p, 2))
print("확률의 합  :", p.sum())
