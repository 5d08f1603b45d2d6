import numpy as np
import pandas as pd

np.random.seed(7)
tokens = ["나는", "학교에", "간다"]
q = np.random.randn(3, 4)
k = np.random.randn(3, 4)
scores = q @ k.T / np.sqrt(4)
w = np.exp(scores - scores.max(axis=1, keepdims=True))
w = w / w.sum(axis=1, keepdims=True)
df = pd.DataFrame(w, index=tokens, columns=tokens)
print(df.round(3))
print(df.sum(axis=0) if False else df.sum())
print(df.T)
