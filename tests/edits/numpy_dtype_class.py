import numpy as np
d = np.dtype("float64")
print(d, repr(d), d == np.float64, d.itemsize, d.kind)
# %%
print(np.dtype(int), np.dtype(float), np.dtype(bool), np.dtype("f8"), np.dtype(None))
# %%
print(np.dtype(np.zeros(2).dtype) == np.zeros(3).dtype, np.dtype("int64", False))
# %%
np.dtype("foo")
# %%
np.dtype(5)
# %%
np.dtype()
