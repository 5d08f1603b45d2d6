import numpy as np
A = np.array([[10**15, 2, 3],
              [4, 5, -10**15]])
B = np.array([[1000, 0],
              [0, 1],
              [1, 10**6]])
C = np.matmul(A, B)
print("A @ B =\n", C)
