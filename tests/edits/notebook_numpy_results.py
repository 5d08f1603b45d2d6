import numpy as np
np.random.seed(0)
x = np.random.randn(3)
x
# %%
x.sum()
# %%
x.max(), x.argmax()
# %%
x > 0
