import numpy as np
import pandas as pd
np.random.seed(7)
s = np.random.randn(5) * 4
df = pd.DataFrame({"score": s.round(1), "prob": (np.exp(s) / np.exp(s).sum()).round(3), "rank": np.argsort(-s)})
print(df)
