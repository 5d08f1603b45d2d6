# a conditional expression tested on an array
import numpy as np
v = np.array([1, -1])
sign = "positive" if v > 0 else "negative"
