# Edit: remove the try/except around A @ A
import numpy as np
A = np.array([[1, 2, 3],
              [4, 5, 6]])
C = A @ np.array([[1, 0], [0, 1], [1, 1]])
print("A @ B =\n", C)
np.matmul(A, A)
print("not reached")
