import numpy as np
x = 2.675
print(round(x, 2), round(np.float64(x), 2), np.round(x, 2))
for v in [0.125, 0.375, 1.005, 2.5, 3.5, -0.5]:
    print(v, round(v, 2), round(np.float64(v), 2), round(v), round(np.float64(v)), np.round(v))
print(type(round(np.float64(2.5))), type(round(np.float64(2.5), 1)))
