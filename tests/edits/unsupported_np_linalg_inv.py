# expect: unsupported
import numpy as np
A = np.array([[2.0, 1.0], [1.0, 3.0]])
print(np.linalg.inv(A))
