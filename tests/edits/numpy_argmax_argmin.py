import numpy as np
s = np.array([[0.1, 0.7, 0.2], [0.5, 0.1, 0.4]])
print(s.argmax(), s.argmin(), s.argmax(axis=1), s.argmin(axis=0), np.argmax(s, axis=-1))
print(np.argmax([3, 3, 1]), np.argmin(np.array([2.0, np.nan, 1.0])))
