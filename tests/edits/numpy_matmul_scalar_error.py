import numpy as np
A = np.eye(2)
print(A @ 3)
