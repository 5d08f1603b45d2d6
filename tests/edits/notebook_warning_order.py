# A cell's stdout comes first, then the warnings it raised
import numpy as np
print("before")
r = np.log(np.array([0.0, 1.0]))
print("after", r)
# %%
print("next cell")
np.sqrt(-1.0)
