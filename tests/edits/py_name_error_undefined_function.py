import numpy as np
x = np.array([1.0, 2.0])
print(softmax(x))
