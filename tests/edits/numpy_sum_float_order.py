# NumPy sums in pairs (blocks of 8), not left to right
import numpy as np
x = np.full(1000, 0.1)
print(x.sum(), sum(x.tolist()), np.sum(x[:10]), sum([0.1] * 10))
y = np.arange(1, 101) / 7
print(y.sum(), y.reshape(10, 10).sum(axis=0), y.reshape(10, 10).sum(axis=1))
print(y.reshape(10, 10).T.sum(axis=1), y.mean(), y.std())
