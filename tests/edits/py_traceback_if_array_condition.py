# An array as an if condition: the comparison is where Python points
import numpy as np
scores = np.array([0.2, 0.9, 0.4])
if scores > 0.5:
    print("high")
