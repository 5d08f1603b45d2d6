import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
print(A.shape)
print(A @ A)
