# Slices and .T are views: writing through them changes the original
import numpy as np
a = np.arange(6).reshape(2, 3)
row = a[0]
row[1] = 100
t = a.T
t[2, 1] = -1
c = a.copy()
c[0, 0] = 55
print(a)
print(c)
b = a[:, 1:]
b *= 10
print(a)
