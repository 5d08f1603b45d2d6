import numpy as np
print(np.array([1e-10, 1.0, 1e10]))
print(np.array([0.00001, 123.4]))
print(np.array([[1e-3, 2.0], [3e5, -4.0]]))
print(np.exp(np.array([-20.0, 0.0, 20.0])))
print(np.array([1e300, -1e-300]), np.array([12345678.9, 0.1]))
