# Warnings are shown once per line number in the notebook's namespace
import numpy as np
x = np.log(0.0)
print(x)
# %%
y = np.log(0.0)
print(y)
# %%

z = np.log(0.0)
