import numpy as np
u = np.array([0.1, 0.2, 0.3])
v = np.array([4.0, -5.5, 6.25])
print("u · v =", np.dot(u, v), u @ v, (u * v).sum(), sum(u * v))
print("u · u =", np.dot(u, u))
