import numpy as np
v = np.arange(5)
print(v[1, 2])
