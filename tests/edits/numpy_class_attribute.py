# expect: unsupported
import numpy as np
print(np.zeros(2).shape)
# %%
np.ndarray.shape
