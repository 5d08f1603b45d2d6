# matmul (@, np.matmul) reports the floating-point flags of its sums, as NumPy checks them after
# the loop: inf * 0 and inf + -inf are invalid, a finite sum past the largest float overflows;
# np.dot reports none. Also floor division and remainder of infinities (fmod is invalid).
import numpy as np
print(np.array([[1e308, 1e308]]) @ np.array([[10.], [1.]]))
print(np.array([[1e308, 1e308]]) @ np.array([[1.], [1.]]))
print(np.array([[np.inf, 1.0]]) @ np.array([[0.], [1.]]))
print(np.array([[np.inf, -np.inf]]) @ np.array([[1.], [1.]]))
print(np.array([[np.nan, np.inf]]) @ np.array([[1.], [0.]]))
print(np.dot(np.array([np.inf, 1.0]), np.array([0., 1.])))
print(np.array([np.inf, 1.0]) @ np.array([0., 1.]))
print(np.matmul(np.ones((2, 2, 2)) * np.inf, np.zeros((2, 2))))
l = np.tril(np.ones((3, 3)), k=-1)
l[::2] = -np.inf
print(l @ l)
print(np.array([[np.nan, 1.0]]) @ np.array([[1.], [np.inf]]))
pairs = [(1e308, 1e-10), (np.inf, 3.0), (-np.inf, -3.0), (np.nan, 3.0), (np.nan, 0.0), (np.inf, np.inf), (np.inf, np.nan), (5.0, np.inf), (-5.0, np.inf), (1e308, -1e-10), (0.0, 0.0), (3.0, 0.0)]
for a, b in pairs:
    print(a, "//", b, np.array([a]) // np.array([b]))
for a, b in pairs:
    print(a, "%", b, np.array([a]) % np.array([b]))
# ±inf / 0 is exactly ±inf: no divide-by-zero flag (unlike 1 / 0), for arrays and scalars alike
print(np.array([np.inf, -np.inf, 1.0]) / 0, np.float64(np.inf) / 0, np.array([np.inf]) // 0)
print(np.float64(-np.inf) // 0.0, np.array([np.inf]) % 0, np.float64(np.inf) % 0)
