import numpy as np
a = np.array([1, 2, 3])
f = np.array([0.5, 1.5])
print(a[0], type(a[0]), repr(a[0]), a.sum(), repr(a.sum()), type(a.mean()))
print(f[1], repr(f[1]), f.max() * 2, type(f.max() * 2), np.float64(0.1) + 0.2)
print(a[0] / 2, type(a[0] / 2), a[0] // 2, a[0] + 1.5, int(a[1]), float(a[2]))
print(np.int64(7) * 3, np.float64(1e16), np.float64(1) / 3, str(np.float64(2.0)))
print(a[0] == 1, type(a[0] == 1), repr(a[0] > 5))
