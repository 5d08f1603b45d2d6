# A NumPy float divided by zero warns and gives inf; a Python float would raise
import numpy as np
x = np.array([1.0, 2.0]).sum()
print(type(x), x / 0, -x / 0, x * 0 / 0)
print(1.0 / x)
