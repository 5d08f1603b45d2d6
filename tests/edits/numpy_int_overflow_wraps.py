# int64 arithmetic in arrays wraps around silently
import numpy as np
big = np.array([9223372036854775807, 4611686018427387904])
print(big + 1)
print(big * 2)
print(np.array([3037000500]) ** 2)
print(np.array([2]) ** 63, -np.array([-9223372036854775807 - 1]))
