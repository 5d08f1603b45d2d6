# slice() builds the object a[start:stop:step] uses: it indexes lists, strings, tuples and
# arrays, compares as a (start, stop, step) tuple and is unhashable.
print(slice(1, 5, 2), slice(None), slice(1, None))
s = slice(1, 5)
print(s.start, s.stop, s.step, [0, 1, 2, 3, 4, 5][s], "abcdef"[slice(None, None, -2)])
try:
    slice()
except TypeError as e:
    print(e)
try:
    slice(1, 2, 3, 4)
except TypeError as e:
    print(e)
try:
    slice(stop=3)
except TypeError as e:
    print(e)
import numpy as np
print(np.arange(6)[slice(1, None, 2)], s == slice(1, 5), repr(s))
print(slice(1, 2) < slice(1, 3), slice(None) == slice(None, None), slice(1) != slice(2), [1, 2, 3][slice(-2)])
try:
    print(slice(None) < slice(1))
except TypeError as e:
    print(e)
try:
    print({slice(1): 2})
except TypeError as e:
    print(e)
print("abc"[slice(1, None)], (1, 2, 3)[slice(None, None, -1)], np.arange(12).reshape(3, 4)[slice(1, 3), slice(None, 2)])
