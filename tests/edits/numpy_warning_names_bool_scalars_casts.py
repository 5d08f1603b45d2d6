# Which warnings NumPy 1.24 gives: np.bool_ has no scalar math, so its operations warn as the
# ufunc ("divide"), while np.float64 / np.int64 on the left warn as "scalar divide"; a cast to
# int warns for NaN, infinities and values outside int64, a cast to bool never.
import numpy as np

mask = np.array([[True, False, True]])
print(mask[0, 2] / 0)
print(1 / mask[0, 1], 1.0 / np.bool_(False))
print(np.float64(1.0) / np.bool_(False))
print(np.bool_(True) / np.float64(0), np.bool_(True) // 0, np.bool_(True) % 0)
x = np.zeros((2, 3))
x[1] = np.nan
print(x.astype(bool))
print(np.array([1e20, -1e20, 9.2e18]).astype(int))
print(np.array([np.inf]).astype(bool), np.array([2.5, -0.5]).astype(int))
