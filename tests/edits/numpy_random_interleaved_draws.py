# The generator's state moves with every draw, whatever the kind
import numpy as np
np.random.seed(7)
a = np.random.randn(3)
b = np.random.rand(2)
c = np.random.randn(1)
d = np.random.randint(0, 100, size=3)
e = np.random.randn(2)
print(a, b, c, d, e, sep="\n")
