# script-differs: a notebook shows at most 20 columns, a script sizes the frame to 80 characters
import numpy as np
import pandas as pd

np.random.seed(3)
rows = []
for d_k in [4, 16, 64]:
    s = (np.random.randn(200, d_k) * np.random.randn(200, d_k)).sum(axis=1)
    rows.append({"d_k": d_k, "√d_k": np.sqrt(d_k), "평균": s.mean(), "표준편차": s.std(),
                 "분산": s.var(), "최솟값": s.min(), "최댓값": s.max(), "나눈 뒤 평균": (s / np.sqrt(d_k)).mean(),
                 "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std(), "나눈 뒤 최댓값": (s / np.sqrt(d_k)).max()})
df = pd.DataFrame(rows)
print(df)
df
