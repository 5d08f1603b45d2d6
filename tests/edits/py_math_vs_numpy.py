# math follows the C library, NumPy its own kernels: both print a Python-style float
import math
import numpy as np
for x in [0.1, 1.0, 2.5, 10.0, 100.0, 700.0]:
    print(x, math.exp(x), np.exp(x), math.log(x), np.log(x), math.sqrt(x), np.sqrt(x))
print(type(math.exp(1.0)), type(np.exp(1.0)))
