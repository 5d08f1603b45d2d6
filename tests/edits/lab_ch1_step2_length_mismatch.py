# Edit: v loses an entry
import numpy as np
u = np.array([1, 2, 3])
v = np.array([4, 5])
print("u · v =", np.dot(u, v))
