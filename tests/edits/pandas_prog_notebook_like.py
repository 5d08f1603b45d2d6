import pandas as pd

df = pd.DataFrame({"x": [0.1, 0.25, 1 / 3], "y": [1e-7, 2.5, 1e7]})
print(df)
print(df.to_string())
print(repr(df))
print(str(df["y"]))
