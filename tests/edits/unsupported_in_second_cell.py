# expect: unsupported
import numpy as np
x = np.arange(3)
print("cell 1:", x)
# %%
pairs = {(0, 1), (1, 2)}
print(len(pairs))
# %%
print("cell 3:", x.sum())
