import numpy as np
x = np.arange(0, 1, 0.1)
print(x, len(x))
y = np.arange(1, 2, 0.3)
print(y, y[-1])
print(np.arange(10, 0, -2), np.arange(-1, 1, 0.5))
