import numpy as np
x = np.array([np.inf, -np.inf, np.nan, np.pi, np.e])
print(x, np.pi, np.inf, np.nan, -np.inf)
print(x == np.inf, x != x, np.abs(x) < np.inf)
print(np.array([1.0, np.nan]).sum(), np.array([np.inf, 1.0]).max(), np.exp(-np.inf), np.exp(np.inf))
