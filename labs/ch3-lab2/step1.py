import numpy as np
import pandas as pd

np.random.seed(42)
rows = []
for d_k in [4, 16, 64, 256]:
    # 평균 0, 분산 1 인 무작위 Query·Key 쌍: 한 행이 한 쌍
    q = np.random.randn(1000, d_k)
    k = np.random.randn(1000, d_k)
    # 행마다 q·k 내적: 원소끼리 곱해 가로로 더한다
    s = (q * k).sum(axis=1)
    rows.append({
        "d_k": d_k,
        "√d_k": np.sqrt(d_k),
        "점수 표준편차": s.std().round(2),
        "나눈 뒤 표준편차": (s / np.sqrt(d_k)).std().round(2),
    })

print(pd.DataFrame(rows))
