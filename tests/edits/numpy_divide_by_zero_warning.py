import numpy as np
counts = np.array([3, 0, 5])
totals = np.array([6, 0, 0])
print(counts / totals)
print(np.array([1.0, -1.0]) / 0)
print(counts // np.array([2, 0, 1]))
