import numpy as np
import pandas as pd

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(123)
d_k = 512
q = np.random.randn(d_k)
keys = np.random.randn(12, d_k)
s = keys @ q
before = softmax(s)
after = softmax(s / np.sqrt(d_k))
table = pd.DataFrame({"점수": s.round(1), "나누기 전": before.round(3), "나눈 뒤": after.round(3)})
print(table)
print("가장 큰 비율  나누기 전:", before.max().round(3), " 나눈 뒤:", after.max().round(3))
