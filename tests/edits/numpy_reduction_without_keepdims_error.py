# Dividing rows by their sums needs keepdims (or a new axis)
import numpy as np
M = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
row_sums = M.sum(axis=1)
print(row_sums.shape)
print(M / row_sums)
