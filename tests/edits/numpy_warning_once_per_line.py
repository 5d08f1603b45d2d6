# The same warning from the same line shows once
import numpy as np
for d in [0.0, 0.0, 1.0]:
    print(np.log(d))
print(np.log(0.0))
