import numpy as np
x = np.arange(3)
print(x)
# %%
print(x * 2
# %%
print("cell 3 runs:", x.sum())
