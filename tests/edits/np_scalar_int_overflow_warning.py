import numpy as np
big = np.array([2 ** 62]).max()
print(big, type(big))
print(big * 4)
print(big + big)
