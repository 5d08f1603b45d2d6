import numpy as np
a = np.array([[1, 2], [3, 4]])
f = np.array([0.1, 0.25])
print(a.tolist(), f.tolist(), type(a.tolist()[0][0]), type(f.tolist()[0]))
print(np.array(3.5).tolist(), (a > 2).tolist(), np.arange(3).tolist() + [9])
