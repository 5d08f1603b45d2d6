import numpy as np
A = np.ones((2, 3))
print(np.dot(A, A))
