import numpy as np
v = np.array([1, 2, 3])
mask = np.array([True, False])
print(v[mask])
