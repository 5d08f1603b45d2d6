# expect: unsupported
import numpy as np
print(np.dtype("int64").name)
# %%
np.dtype.long
