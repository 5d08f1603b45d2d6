import numpy as np
import pandas as pd

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = keys @ q
table = pd.DataFrame({"점수": s.round(1), "나누기 전": softmax(s).round(3), "나눈 뒤": softmax(s / np.sqrt(d_k)).round(3)})
print(table.drop(columns="나누기 전"))
print(table.rename(columns={"점수": "score", "나눈 뒤": "after"}).head(3))
table.drop(columns=["점수"], inplace=True)
print(table.sum())
print(table.drop(columns="없는 열"))
