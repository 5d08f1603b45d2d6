# Edit: multiply in the other order
import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
B = np.array([[1, 0], [0, 1], [1, 1]])
C = B @ A
print("B @ A =\n", C)
print("결과 shape:", C.shape)
