import pandas as pd

df = pd.DataFrame({"a": [1, 2, 3]})
df["b"] = [1, 2]
