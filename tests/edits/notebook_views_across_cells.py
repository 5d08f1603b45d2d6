# Names that share an array across cells: np.round of an int array is the array itself,
# np.reshape and np.transpose give views, a DataFrame over an array shares it. A later cell that
# changes the array in place changes what they show, so the cell that prints them depends on it.
import numpy as np
import pandas as pd
x = np.arange(6)
r = np.round(x)
v = np.reshape(x, (2, 3))
t = np.transpose(v)
df = pd.DataFrame(v)
# %%
x *= 2
# %%
print(r, v.ravel(), t[0])
print(df)
