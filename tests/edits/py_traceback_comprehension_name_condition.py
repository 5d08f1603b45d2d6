# a bare array in a comprehension condition points at the whole comprehension
import numpy as np
m = np.array([1, 0])
rows = [r for r in range(3) if m]
