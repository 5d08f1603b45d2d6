# Edit: another seed, fewer pairs, other d_k
import numpy as np
import pandas as pd

np.random.seed(2024)
rows = []
for d_k in [1, 3, 8, 100, 512]:
    q = np.random.randn(200, d_k)
    k = np.random.randn(200, d_k)
    s = (q * k).sum(axis=1)
    rows.append({"d_k": d_k, "√d_k": np.sqrt(d_k), "점수 표준편차": s.std().round(2),
                 "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std().round(2)})
print(pd.DataFrame(rows))
