import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
x = np.array([1, 1])
y = np.array([1, 1, 1])
print(x @ A, A @ y)
print(A @ x)
