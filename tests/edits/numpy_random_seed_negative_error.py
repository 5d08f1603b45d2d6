import numpy as np
np.random.seed(-1)
