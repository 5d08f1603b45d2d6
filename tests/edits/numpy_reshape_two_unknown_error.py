import numpy as np
x = np.arange(6)
print(x.reshape(-1, -1))
