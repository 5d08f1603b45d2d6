import numpy as np
M = np.ones((2, 3))
print(M.sum(axis=1))
print(M.sum(axis=2))
