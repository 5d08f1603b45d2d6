import numpy as np
A = np.array([[1, 2, 3],
              [4, 5, 6]])
B = np.array([[1, 0],
              [0, 1],
              [1, 1]])
C = np.matmul(A, B)
print("A @ B =\n", C)
print("결과 shape:", C.shape, "→ (2, 2)")
try:
    np.matmul(A, A)
except ValueError as e:
    print("오류:", e)
