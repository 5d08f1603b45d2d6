import numpy as np
np.random.seed(42)
print(np.random.randn(5))
print(np.random.randn(2, 3))
np.random.seed(42)
print(np.random.randn(5))
