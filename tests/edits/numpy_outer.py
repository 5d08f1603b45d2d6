import numpy as np
print(np.outer([1, 2, 3], [1, 10]))
print(np.outer(np.arange(3), np.linspace(0, 1, 3)))
print(np.outer(np.array([[1, 2], [3, 4]]), [1, -1]))
