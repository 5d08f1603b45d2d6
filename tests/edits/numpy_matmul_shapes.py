import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
B = np.array([[1, 0], [0, 1], [1, 1]])
print(A @ B, (A @ B).shape)
print(B @ A, (B @ A).shape)
print(np.matmul(A, B) * 1.5)
v = np.array([1, 0, -1])
print(A @ v, v @ B, v @ v)
