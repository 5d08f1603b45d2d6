import pandas as pd

rows = [{"a": 1, "b": True, "c": "x"}, {"a": 2}, {"d": 1.5}]
df = pd.DataFrame(rows)
print(df)
print(df.dtypes)
print(df.describe())
print(df.max())
