import numpy as np
v = np.array([1.0, 2.0, 3.0])
print(v[np.newaxis, :], v[:, np.newaxis], v[:, None].shape, v[None].shape)
print(v[:, np.newaxis] - v[np.newaxis, :])
print(np.newaxis is None)
