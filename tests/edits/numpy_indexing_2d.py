import numpy as np
M = np.arange(12).reshape(3, 4)
print(M[1], M[1, 2], M[-1, -1], M[:, 0], M[1:, ::2], M[::-1], M[0][3])
print(M[[0, 2]], M[:, [1, 3]], M[[0, 1], [2, 3]], M[M % 5 == 0])
print(M[1:2], M[1:2].shape, M[:, 1].shape, M[:, 1:2].shape)
