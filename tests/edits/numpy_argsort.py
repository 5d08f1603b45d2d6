import numpy as np
s = np.array([0.3, -1.2, 2.5, 0.3, 1.1])
order = np.argsort(s)
print(order, s[order], s.argsort()[::-1], np.argsort(-s)[:2])
M = np.array([[3, 1, 2], [9, 7, 8]])
print(np.argsort(M), np.argsort(M, axis=0))
