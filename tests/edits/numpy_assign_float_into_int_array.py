# An int array keeps ints: 2.9 becomes 2
import numpy as np
counts = np.array([1, 2, 3])
counts[0] = 2.9
counts[1] = -0.5
print(counts, counts.dtype)
counts = counts * 1.5
print(counts, counts.dtype)
