# -inf cannot go into an int array
import numpy as np
s = np.array([[1, 2], [3, 4]])
s[s > 2] = -np.inf
print(s)
