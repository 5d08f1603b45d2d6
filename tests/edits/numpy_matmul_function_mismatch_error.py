import numpy as np
q = np.ones((4, 8))
k = np.ones((4, 8))
scores = np.matmul(q, k)
