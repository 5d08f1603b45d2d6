import numpy as np
import pandas as pd

np.random.seed(0)
df = pd.DataFrame({"x": np.random.randn(1000), "y": np.random.rand(1000) * 10,
                   "n": np.random.randint(0, 100, 1000)})
print(df.head())
print(df.tail(3))
print(df.mean())
print(df.std())
print(df.sum())
print(df.max())
print(df.min())
print(df.describe())
print(df["x"].mean(), df["x"].std(), df["x"].sum())
print(repr(df["y"].max()), repr(df["n"].min()))
