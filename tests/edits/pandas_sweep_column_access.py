import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64, 256]:
    q = np.random.randn(1000, d_k)
    k = np.random.randn(1000, d_k)
    s = (q * k).sum(axis=1)
    rows.append({
        "d_k": d_k,
        "√d_k": np.sqrt(d_k),
        "점수 표준편차": s.std().round(2),
        "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std().round(2),
    })

df = pd.DataFrame(rows)
print(df["점수 표준편차"])
print(df["나눈 뒤 표준편차"].tolist())
print(df.d_k)
print(df["d_k"] * 2)
