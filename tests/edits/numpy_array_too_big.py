# Shapes whose byte count passes int64: NumPy refuses them with a ValueError before any memory
# is asked for (a zero among the dimensions does not help), while one that merely does not fit
# is a MemoryError. A wrapped product once made a few bytes stand for 2**62 floats.
import numpy as np
M = 9223372036854775807
cases = [lambda: np.zeros(2**62), lambda: np.zeros(2**61 - 1), lambda: np.ones((2**31, 2**31)),
         lambda: np.full(2**61, 1.0), lambda: np.eye(2**32), lambda: np.zeros((2**40, 2**40, 0)),
         lambda: np.ones((2**62, 0)), lambda: np.zeros((0, 5)), lambda: np.zeros(2**60, dtype=bool),
         lambda: np.arange(0, 2**61), lambda: np.arange(0.0, 2.0**61), lambda: np.arange(1e-320 - M - 1, 2**60),
         lambda: np.random.randn(2**61), lambda: np.random.randn(2**40, 2**40), lambda: np.random.rand(2**61)]
for make in cases:
    try:
        a = make()
        print(a.shape, a.dtype)
    except Exception as e:
        print(type(e).__name__, e)
