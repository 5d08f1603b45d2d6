# divmod() of a NumPy array or scalar is NumPy's one divmod ufunc: each warning names "divmod"
# ("scalar divmod" by scalar math) and comes once, however both halves flag it.
import numpy as np
print(divmod(np.float64(3.0), np.float64(0.0)))
print(divmod(np.float64(3.0), 0))
print(divmod(np.int64(3), 0))
print(divmod(2.5, np.int64(0)))
print(divmod(np.array([1.0, -2.0, 0.0, np.inf]), 0))
print(divmod(np.array([5, 7]), np.array([2, 0])))
print(divmod(np.array([5.0, -7.0]), 2), divmod(np.int64(-7), 2), divmod(np.float64(7.5), 2))
print(divmod(np.array([np.nan]), 0.0))
print(divmod(np.array([np.inf, 1.0]), 2.0))
print(divmod(np.array([1e308]), 1e-10))
print(divmod(7, 2), divmod(-7.5, 2))
