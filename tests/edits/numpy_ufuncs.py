import numpy as np
x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])
print(np.exp(x))
print(np.tanh(x))
print(np.abs(x), np.sqrt(np.abs(x)))
print(np.log(np.exp(x)))
print(np.maximum(x, 0), np.minimum(x, 0.25), np.maximum(x, x[::-1]))
print(np.exp(np.array([1, 2, 3])), np.abs(np.array([-3, 4])))
