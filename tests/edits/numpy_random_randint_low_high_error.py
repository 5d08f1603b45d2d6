import numpy as np
np.random.seed(1)
print(np.random.randint(3, 10, size=2))
print(np.random.randint(10, 3))
