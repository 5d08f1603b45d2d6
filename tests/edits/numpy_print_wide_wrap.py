# Rows longer than 75 characters wrap
import numpy as np
np.random.seed(1)
print(np.random.randn(20))
print(np.arange(30))
print(np.random.randn(3, 12).round(3))
print(repr(np.linspace(0, 1, 15)))
