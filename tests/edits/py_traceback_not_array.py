# not of an array inside an if: no carets, the if statement is the place
import numpy as np
flags = np.zeros(2)
if not flags:
    print("all zero")
