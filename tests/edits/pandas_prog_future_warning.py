import pandas as pd

df = pd.DataFrame({"name": ["a", "b", "c"], "score": [90, 85, 77]})
print(df.mean())
print(df.std())
print(df.mean())
