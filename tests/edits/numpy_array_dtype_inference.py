import numpy as np
a = np.array([1, 2, 3])
b = np.array([1, 2.5])
c = np.array([True, False])
d = np.array([[1, 2], [3, 4.0]])
e = np.array([1, True])
f = np.array(7)
for arr in [a, b, c, d, e, f]:
    print(arr, arr.dtype, arr.shape, arr.ndim)
print(repr(b), repr(c), repr(f), repr(np.array([])))
