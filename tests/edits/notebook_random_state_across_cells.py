# The random state carries from cell to cell
import numpy as np
np.random.seed(42)
a = np.random.randn(2)
print(a)
# %%
b = np.random.randn(2)
print(b)
# %%
np.random.seed(42)
print(np.random.randn(4))
