import pandas as pd

s = pd.Series([1, 2, 3])
if s > 1:
    print("yes")
