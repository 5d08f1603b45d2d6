import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64, 256]:
    s = (np.random.randn(300, d_k) * np.random.randn(300, d_k)).sum(axis=1)
    rows.append({"d_k": d_k, "√d_k": np.sqrt(d_k), "점수 표준편차": s.std().round(2)})
df = pd.DataFrame(rows)
print(df.to_string(index=False))
print(df.round(1).to_string(index=False))
