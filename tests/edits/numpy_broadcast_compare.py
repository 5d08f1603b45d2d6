import numpy as np
M = np.array([[1, 5, 3], [7, 2, 9]])
print(M > 4, M == 5, M >= np.array([1, 5, 10]))
print((M > 2) & (M < 8), (M < 2) | (M > 8), ~(M > 4), (M > 4).sum(), (M > 4).sum() > 0)
print(np.array([1.0, np.nan]) == np.nan, np.array([1, 2]) != np.array([1, 3]))
