import pandas as pd

s = pd.Series([10, 20, 30], index=["a", "b", "c"])
print(s["b"], s[0])
print(s["z"])
