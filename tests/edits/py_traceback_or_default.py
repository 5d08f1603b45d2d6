# `x or default` with an array raises at the whole or-expression
import numpy as np
mask = np.array([True, False])
chosen = mask or [True, True]
