# expect: unsupported
# The refusal names what it quotes on one line (an array, a key with a line break), so that it
# stays the last line of stderr.
import numpy as np

M = np.array([[1, 5, 3], [7, 2, 9]])
print(M.sum())
print(M.sum((), M))
