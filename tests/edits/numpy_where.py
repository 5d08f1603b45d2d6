import numpy as np
x = np.array([[1, -2], [-3, 4]])
print(np.where(x > 0, x, 0))
print(np.where(x > 0, 1.0, -1.0))
print(np.where([True, False, True], [1, 2, 3], [10, 20, 30]))
print(np.where(x > 0, x, np.nan))
