# A learner treats a NumPy scalar as an array: the messages name the type as numpy.float64.
import numpy as np

x = np.float64(2.5)
try:
    for v in x:
        print(v)
except TypeError as e:
    print(e)
try:
    len(np.int64(3))
except TypeError as e:
    print(e)
try:
    x[0] = 1
except TypeError as e:
    print(e)
print(type(x).__name__, type(np.int64(1)).__name__, x[()], np.int64(7)[()])
x[0]
