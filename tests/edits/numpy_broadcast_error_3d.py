import numpy as np
a = np.zeros((2, 3, 4))
b = np.zeros((3, 2))
print((a * b).shape)
