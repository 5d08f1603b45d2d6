# while with an array: the whole statement is the location (no carets)
import numpy as np
weights = np.ones(3)
while weights:
    weights = weights / 2
