# Products over an empty inner dimension are zeros (a sum of no terms); empty outer dimensions
# give empty results. A d_k of 0 in the scores lab: keys (8, 0) @ q (0,).
import numpy as np
d_k = 0
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
print(keys @ q)
print(np.ones((2, 0)) @ np.ones((0, 3)))
print(np.dot(np.ones((2, 0)), np.ones((0, 3))))
print(np.ones((0, 3)) @ np.ones((3, 2)), (np.ones((0, 3)) @ np.ones((3, 2))).shape)
print(np.ones(0) @ np.ones(0), np.dot(np.ones(0), np.ones(0)))
print(np.ones((2, 0), dtype=int) @ np.ones((0, 2), dtype=int))
