import numpy as np
z = np.array([1.0, 800.0, 3.0])
e = np.exp(z)
print(e)
print(e / e.sum())
