# expect: unsupported
# NumPy computes np.exp, np.log, np.sqrt ... of a boolean array in float16 (and prints
# dtype=float16), which the kernel does not have: refused rather than shown in float64.
import numpy as np
mask = np.array([[True, False], [False, True]])
print(np.exp(mask))
