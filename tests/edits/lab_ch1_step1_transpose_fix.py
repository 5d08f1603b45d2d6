# Edit: A @ A.T is defined for any A
import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
print("A @ A.T =\n", A @ A.T)
print("A.T @ A =\n", A.T @ A)
print((A @ A.T).shape, (A.T @ A).shape)
