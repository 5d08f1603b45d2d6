import pandas as pd

df = pd.DataFrame({"d_k": [4, 16], "std": [2.07, 4.06]})
df = df.set_index("dk")
print(df)
