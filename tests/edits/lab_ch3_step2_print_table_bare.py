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
table = pd.DataFrame({"점수": s.round(1), "나눈 뒤": softmax(s / np.sqrt(d_k)).round(3)})
table
