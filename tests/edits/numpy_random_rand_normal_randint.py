import numpy as np
np.random.seed(0)
print(np.random.rand(3))
print(np.random.rand(2, 2))
print(np.random.normal(10, 2, size=4))
print(np.random.normal(size=(2, 2)))
print(np.random.randint(0, 10, size=8))
print(np.random.randint(5, size=(2, 3)))
print(np.random.randint(1, 7))
