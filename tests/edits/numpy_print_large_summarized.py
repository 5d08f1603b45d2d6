import numpy as np
x = np.arange(2000)
print(x)
print(x.reshape(40, 50) / 3)
print(np.arange(1001) * 0.5)
