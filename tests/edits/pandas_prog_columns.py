import pandas as pd

df = pd.DataFrame({"name": ["apple", "banana", "cherry"], "price": [1.5, 0.25, 3.0], "count": [3, 12, 7]})
df["total"] = df["price"] * df["count"]
df["cheap"] = df["price"] < 1
print(df)
print(df[["name", "total"]])
print(len(df), df.shape, list(df.columns))
for c in df:
    print(c, df[c].dtype)
print(df.dtypes)
print(df.values if False else df[["price", "count"]].values)
print(df.round(1))
print(df.sort_values("total", ascending=False))
