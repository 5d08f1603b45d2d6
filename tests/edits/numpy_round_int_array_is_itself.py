# np.round of an integer array (decimals >= 0) gives back the array itself, not a copy: changing
# the array in place changes the "rounded" one too. With decimals < 0 it is a new array.
import numpy as np

np.random.seed(7)
scores = np.random.randint(-1, 3, size=(4, 3))
rounded = np.round(scores)
tens = np.round(scores, -1)
scores *= 2
print(rounded)
print(tens)
print(np.round(scores) is scores, scores.round(1) is scores, np.around(scores) is scores)
print(np.round(np.int64(7), 1), type(np.round(np.int64(7))))
