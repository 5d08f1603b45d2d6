# Edit: a temperature sharpens or flattens the distribution
import numpy as np

def softmax(z, t=1.0):
    z = z / t
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

z = np.array([2.0, 1.0, 0.1])
for t in [0.1, 0.5, 1.0, 2.0, 10.0]:
    print(f"t={t:<4} p={np.round(softmax(z, t), 3)}")
