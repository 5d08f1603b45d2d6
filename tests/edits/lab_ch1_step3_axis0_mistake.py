# Edit: axis=0 normalizes columns instead of rows
import numpy as np

def softmax(z):
    e = np.exp(z - z.max(axis=0, keepdims=True))
    return e / e.sum(axis=0, keepdims=True)

Z = np.array([[2.0, 1.0, 0.1], [0.5, 0.5, 3.0]])
P = softmax(Z)
print(np.round(P, 3))
print("row sums:", P.sum(axis=1), "column sums:", P.sum(axis=0))
