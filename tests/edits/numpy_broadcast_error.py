import numpy as np
M = np.ones((2, 3))
v = np.array([1.0, 2.0])
print(M + v)
