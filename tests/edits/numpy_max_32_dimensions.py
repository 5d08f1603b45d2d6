# Arrays have at most 32 dimensions: NumPy's errors past it, from lists, shapes and indexes.
import numpy as np
a = []
for i in range(40):
    a = [a]
try:
    print(np.array(a).shape)
except Exception as e:
    print(type(e).__name__, e)
b = [1]
for i in range(31):
    b = [b]
print(np.array(b).shape)
b = [b]
try:
    print(np.array(b).shape)
except Exception as e:
    print(type(e).__name__, e)
cases = [lambda: np.array([np.zeros((1,) * 32)]), lambda: np.array([[np.zeros((1,) * 31)]]),
         lambda: np.zeros((1,) * 33), lambda: np.zeros((1,) * 32).reshape((1,) * 33),
         lambda: np.zeros((1,) * 32)[None], lambda: np.zeros((1,) * 32)[..., np.newaxis], lambda: np.ones(3).reshape((1,) * 32 + (3,)),
         lambda: np.zeros((1,) * 32).sum(axis=0).shape]
for f in cases:
    try:
        r = f()
        print(r.shape if hasattr(r, "shape") else r)
    except Exception as e:
        print(type(e).__name__, e)
