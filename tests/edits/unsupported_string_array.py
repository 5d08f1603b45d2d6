# expect: unsupported
import numpy as np
words = np.array(["the", "cat", "sat"])
print(words[1])
