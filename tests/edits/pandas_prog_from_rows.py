import pandas as pd

data = [[1, "a", 2.5, True], [2, "b", 3, False], [3, "c", -1.25, True]]
df = pd.DataFrame(data, columns=["id", "label", "value", "flag"])
print(df)
print(df[df["flag"]])
print(df[df["value"] > 0]["label"])
print(df.sum())
print(df["value"].describe())
