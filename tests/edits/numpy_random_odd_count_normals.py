# randn makes normals in pairs: an odd count leaves one for the next call
import numpy as np
np.random.seed(5)
x = np.random.randn(3)
y = np.random.randn(1)
np.random.seed(5)
z = np.random.randn(4)
print(x, y, z, x[0] == z[0], y[0] == z[3])
