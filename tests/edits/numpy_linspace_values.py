import numpy as np
t = np.linspace(0, 2 * np.pi, 7)
print(t)
print(np.round(np.tanh(t - np.pi), 3))
print(np.linspace(1, 2, 11))
