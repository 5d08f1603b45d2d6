import numpy as np
v = np.arange(5)
mid = len(v) / 2
print(v[mid])
