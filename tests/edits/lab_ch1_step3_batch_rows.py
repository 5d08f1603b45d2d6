# Edit: a batch of score rows; softmax works along the last axis
import numpy as np

def softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

Z = np.array([[2.0, 1.0, 0.1],
              [0.0, 0.0, 0.0],
              [-1.0, 5.0, 2.0]])
P = softmax(Z)
print(np.round(P, 3))
print(P.sum(axis=-1))
print(P.argmax(axis=-1))
