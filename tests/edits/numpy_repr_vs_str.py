import numpy as np
a = np.array([[1.5, 2.0], [3.0, 4.25]])
print(str(a))
print(repr(a))
print([a[0]], (a[1, 0],), {"row": a[0]})
print(repr(np.array([True, False])), repr(np.array([1, 2])), repr(a.sum()), str(a.sum()))
