# round() of a NumPy bool (an element of a mask) is a TypeError: numpy.bool_ defines no
# __round__, unlike Python's bool, np.int64 and np.float64.
import numpy as np
mask = np.array([0.5, -1.0]) > 0
print(round(True), round(np.int64(7), -1), round(np.float64(2.5)), round(mask.sum() / 2, 1))
for digits in [None, 1]:
    try:
        print(round(mask[0], digits))
    except TypeError as e:
        print("TypeError:", e)
print(round(mask[1]))
