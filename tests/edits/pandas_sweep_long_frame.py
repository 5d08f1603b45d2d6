import numpy as np
import pandas as pd

np.random.seed(0)
rows = []
for d_k in range(1, 101):
    q = np.random.randn(50, d_k)
    k = np.random.randn(50, d_k)
    s = (q * k).sum(axis=1)
    rows.append({"d_k": d_k, "√d_k": np.sqrt(d_k), "점수 표준편차": s.std().round(2)})

df = pd.DataFrame(rows)
print(df)
print(df.head(12))
df
