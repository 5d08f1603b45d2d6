import numpy as np
M = np.zeros((2, 2))
M[0] = np.array([1.0, 2.0, 3.0])
