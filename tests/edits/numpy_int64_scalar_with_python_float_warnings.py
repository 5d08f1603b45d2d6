# np.int64 meeting a Python float (on either side) leaves NumPy's scalar math for the ufunc, so
# its warnings name "floor_divide", not "scalar floor_divide"; np.float64 with a Python int, and
# np.int64 with a Python int or a NumPy float, stay scalar math.
import numpy as np
scores = np.array([3, 0, 5])
low = scores.min()
print((-1.5) // low)
print(2.5 % scores.min())
print(scores.max() / 0.0)
print(np.int64(0) / 0.0)
print(1e308 * np.int64(10))
print(scores.max() * 1e308)
print(np.float64(3) // 0)
print(scores.max() // 0)
print(scores.max() / np.float64(0.0))
print(np.float64(2.5) % low)
