# Edit: * multiplies element by element and broadcasts
import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
B = np.array([[1, 0], [0, 1], [1, 1]])
print(A * A)
print(A * 2.5)
print(A * B)
