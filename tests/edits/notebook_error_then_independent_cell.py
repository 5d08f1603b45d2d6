import numpy as np
a = np.arange(3)
print(a)
# %%
b = a @ np.ones((2, 2))
print(b)
# %%
print("independent:", np.ones(2) * 3)
# %%
print(a + 1)
