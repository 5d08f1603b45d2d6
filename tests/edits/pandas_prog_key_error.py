import pandas as pd

df = pd.DataFrame({"a": [1, 2, 3]})
print(df)
print(df["b"])
