import numpy as np
i = np.array([1, 2, 3])
print(i + 0.5, i * 1.0, i / i, i + True, (i + True).dtype, i * False)
print(np.array([True, True]) + np.array([True, False]), np.array([1, 2]) / np.array([2, 4]))
print(i.dtype, (i / 1).dtype, (i * 2).dtype, (i ** 2).dtype, (i ** -1.0).dtype)
