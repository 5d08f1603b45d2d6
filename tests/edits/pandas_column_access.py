import pandas as pd
df = pd.DataFrame({"d_k": [4, 16, 64], "std": [2.07, 4.06, 7.86]})
print(df["std"])
print(df["d_k"] * 2)
print(df.shape, len(df), list(df.columns))
print(df["std"].max(), df["std"].mean())
