import numpy as np
v = np.arange(4)
print(np.mean(v, axis=-2))
