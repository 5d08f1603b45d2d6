import numpy as np
np.random.seed(9)
M = np.random.randn(3, 4).round(2)
M
# %%
M.T @ M
# %%
M > 0
