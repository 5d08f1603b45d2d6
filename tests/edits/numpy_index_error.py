import numpy as np
v = np.array([10, 20, 30])
print(v[2], v[-3])
print(v[3])
