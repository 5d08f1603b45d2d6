# expect: unsupported
# A Series where NumPy wants an array: NumPy takes its values (and np.sqrt(s) gives a Series
# back); the kernel refuses it by name and says how to get the array.
import numpy as np
import pandas as pd
df = pd.DataFrame({"d_k": [4, 16, 64], "spread": [2.0, 4.1, 7.9]})
print(df["spread"].to_numpy() / np.sqrt(df["d_k"].to_numpy()))
print(np.asarray(df["spread"]))
