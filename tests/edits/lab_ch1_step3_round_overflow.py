# e^706 fits in a float, but rounding multiplies it by 100 first
import numpy as np
z = np.array([706.0, 1.0])
print("e^z        :", np.round(np.exp(z), 2))
