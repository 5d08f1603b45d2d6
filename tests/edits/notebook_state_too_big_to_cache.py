# 160 MB of array data: under the 256 MB cap, but not twice (the cached copy of the cell's
# state would pass it), so the state is not cached and the next cell runs the first again.
import numpy as np
a = np.zeros(20_000_000)
a[-1] = 2.5
print(a.shape)
# %%
print(a.sum(), a[-2:])
