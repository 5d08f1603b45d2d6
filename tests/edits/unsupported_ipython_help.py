# expect: unsupported
# mode: notebook
# %%
import numpy as np
# %%
x = np.arange(3)
np.sum?
