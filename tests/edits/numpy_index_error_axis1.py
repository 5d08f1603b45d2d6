import numpy as np
M = np.zeros((2, 3))
M[1, 3] = 1.0
