import pandas as pd
df = pd.DataFrame({"x": [1, 2], "y": [0.5, 1.5]})
print(df)
# %%
df
# %%
df["y"]
# %%
df.shape
