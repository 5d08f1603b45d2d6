# np.arange's length at the edges of int64 and of floats, as NumPy 1.24 computes it: the
# quotient (stop - start) / step as a correctly rounded double, then its ceiling.
import numpy as np
M = 9223372036854775807
cases = [(0, M), (-M-1, M), (0, M, 2**62), (0, 2**62+1, 2**61), (5, 0, -M-1), (0, 1, 0), (0.0, 1, 0), (0, 1, 0.0),
         (0, 1, float('inf')), (0, -1, float('inf')), (0, float('inf')), (0, float('nan')), (float('inf'), float('inf')),
         (1e300,), (-1e300,), (0, 9.3e18), (0, 9.223372036854775807e18), (3, 1, 1e-320), (True, 5), (0, 5, True),
         (np.int64(3),), (np.float64(2.5),), (0.5, 3), (1, 2.5, 0.5), (10, 0, -3), (-3,), (0, 10, 3), (2**53+1, 2**53+3),
         (0, 2**62 + 2**9 + 1, 2**9), (-M-1, -M-1 + 3 * (2**60) + 1, 2**60), (7, -M-1, -(2**62))]
for args in cases:
    try:
        a = np.arange(*args)
        print(args, a.shape, a.dtype, a[:3].tolist(), a[-1:].tolist())
    except Exception as e:
        print(args, type(e).__name__, e)
v = np.arange(9223372036854775807) / 1
print(v, v.shape)
