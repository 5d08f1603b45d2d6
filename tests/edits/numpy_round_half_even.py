import numpy as np
x = np.array([0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 2.675, 1.005])
print(np.round(x), np.round(x, 2), x.round(1))
print(np.round(np.array([1234.5678]), -2), np.round(np.array([15, 25, 35]), -1))
print(np.round(2.5), np.round(3.14159, 3), np.round(-2.5))
