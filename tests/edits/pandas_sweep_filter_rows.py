import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64, 256]:
    s = (np.random.randn(500, d_k) * np.random.randn(500, d_k)).sum(axis=1)
    rows.append({"d_k": d_k, "점수 표준편차": s.std().round(2), "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std().round(2)})
df = pd.DataFrame(rows)
print(df[df["d_k"] > 16])
print(df[df["나눈 뒤 표준편차"] < 1.0]["d_k"])
print(df.iloc[0])
print(df.loc[2, "점수 표준편차"])
print(df.T)
