import numpy as np
A = np.array([[1, 2, 3], [4, 5, 6]])
try:
    A @ A
except ValueError as e:
    print("오류:", e)
A @ A
