# The seed's table: numpy scalars in a list of dicts
import numpy as np
import pandas as pd
np.random.seed(42)
rows = []
for d_k in [4, 16]:
    q = np.random.randn(100, d_k)
    k = np.random.randn(100, d_k)
    s = (q * k).sum(axis=1)
    rows.append({"d_k": d_k, "√d_k": np.sqrt(d_k), "std": s.std().round(2), "scaled": (s / np.sqrt(d_k)).std().round(2)})
print(pd.DataFrame(rows))
