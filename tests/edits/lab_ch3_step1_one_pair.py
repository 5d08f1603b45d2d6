# Edit: a single pair: the standard deviation of one value is 0
import numpy as np
import pandas as pd
np.random.seed(42)
rows = []
for d_k in [4, 16]:
    q = np.random.randn(1, d_k)
    k = np.random.randn(1, d_k)
    s = (q * k).sum(axis=1)
    rows.append({"d_k": d_k, "s": s[0].round(3), "std": s.std().round(2)})
print(pd.DataFrame(rows))
