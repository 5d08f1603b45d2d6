import numpy as np
scores = np.array([0.2, 0.9, 0.4])
high = scores[scores > 0.95]
print(high, high.shape)
print(high.mean())
print(high.sum(), len(high))
