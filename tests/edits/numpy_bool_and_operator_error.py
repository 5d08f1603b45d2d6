# 'and' needs one truth value; arrays combine with &
import numpy as np
x = np.array([1, 5, 9])
print((x > 2) & (x < 8))
print(x > 2 and x < 8)
