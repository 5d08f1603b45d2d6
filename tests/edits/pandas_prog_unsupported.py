# expect: unsupported
import pandas as pd

df = pd.DataFrame({"a": [1, 2, 3], "b": [4, 5, 6]})
print(df)
print(df.merge(df, on="a"))
