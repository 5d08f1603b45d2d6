# Edit: make A square so that A @ A works
import numpy as np
A = np.array([[1, 2],
              [4, 5]])
B = np.array([[1, 0],
              [0, 1]])
C = np.matmul(A, B)
print("A @ B =\n", C)
print("결과 shape:", C.shape)
try:
    print(np.matmul(A, A))
except ValueError as e:
    print("오류:", e)
