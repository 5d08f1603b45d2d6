import numpy as np
x = np.array([1.7, -1.7, 2.5, 0.0])
print(x.astype(int), x.astype(bool), (x > 0).astype(int), (x > 0).astype(float))
i = np.array([1, 2, 3])
print(i.astype(float), i.astype(float) / 2, i / 2, i // 2, i.astype(np.float64).dtype)
print(np.array([0, 1, 2]).astype(bool))
