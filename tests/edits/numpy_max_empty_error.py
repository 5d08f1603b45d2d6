import numpy as np
x = np.array([1.0, 2.0])
empty = x[x > 5]
print(empty.max())
