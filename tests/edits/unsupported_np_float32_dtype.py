# expect: unsupported
import numpy as np
x = np.ones(3, dtype=np.float32)
print(x / 3)
