import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64]:
    s = (np.random.randn(500, d_k) * np.random.randn(500, d_k)).sum(axis=1)
    rows.append({"d_k": d_k, "점수 표준편차": s.std().round(2), "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std().round(2)})
df = pd.DataFrame(rows)
for i, row in df.iterrows():
    print(i, row["d_k"], row["점수 표준편차"], f"{row['나눈 뒤 표준편차']:.3f}")
print(df.iterrows())
best = df["나눈 뒤 표준편차"].idxmax()
print(best, df.loc[best, "d_k"])
print(df.idxmin())
print(df.set_index("d_k")["점수 표준편차"].idxmax())
