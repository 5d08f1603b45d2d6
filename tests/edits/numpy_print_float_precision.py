import numpy as np
print(np.array([1.0, 2.5, 3.14159265]))
print(np.array([0.1, 0.123456789]))
print(np.array([1e-5, 1.0]), np.array([1e-3, 1.0]), np.array([1e8, 1.0]), np.array([1e16, 1.0]))
print(np.array([-0.0, 0.0, -1.5]), np.array([100.0, 2.0]), np.array([0.5, np.nan, np.inf]))
print(np.array([1.23456789e-10]), np.array([123456789.123]), np.array([1, 2]) / 3)
