# After a comparison the compiler stays at it: the second test points there too
import numpy as np
x = np.arange(4)
if x is not None and x:
    print(x)
