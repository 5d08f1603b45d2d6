import pandas as pd

df = pd.DataFrame({"a": [1, 2]})
print(df.a)
print(df.shapee)
