import numpy as np
M = np.arange(6).reshape(2, 3)
print(M + 10, M * np.array([1, 0, -1]), M - np.array([[1], [2]]))
print(M / 2, M // 4, M % 4, M ** 2, -M, 2 ** np.arange(4))
col = np.array([[0.5], [2.0]])
row = np.array([1.0, 2.0, 3.0])
print(col * row, col + row)
print((np.ones((2, 1, 3)) + np.arange(4).reshape(4, 1)).shape)
