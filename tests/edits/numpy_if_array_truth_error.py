import numpy as np
s = np.array([0.1, 0.9])
if s > 0.5:
    print("big")
