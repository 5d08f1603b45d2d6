# expect: unsupported
# mode: notebook
# %%
import numpy as np
# %%
names = %who_ls
