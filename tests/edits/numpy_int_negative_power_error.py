import numpy as np
i = np.array([1, 2, 4])
print(i ** 2)
print(i ** -1)
