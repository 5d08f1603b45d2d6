import numpy as np
s = np.array([0.3, -1.2, 2.5, 0.0, 1.1])
mask = s > 0.2
print(mask, s[mask], s[~mask], s[s < 0], mask.sum(), mask.mean())
M = np.arange(6).reshape(2, 3)
print(M[M > 2], M[np.array([True, False])], M[:, np.array([True, False, True])])
