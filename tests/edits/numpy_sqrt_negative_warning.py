import numpy as np
d = np.array([4.0, -1.0, 9.0])
r = np.sqrt(d)
print(r)
print(r != r, r[r == r])
