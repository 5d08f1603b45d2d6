import numpy as np
A = np.array([[0.5, -1.25, 3.0],
              [4.0, 5.5, -6.0]])
B = np.array([[1.0, 0.1],
              [0.0, 1.0],
              [1e-3, 1.0]])
C = np.matmul(A, B)
print("A @ B =\n", C)
print("결과 shape:", C.shape, "→ (2, 2)")
