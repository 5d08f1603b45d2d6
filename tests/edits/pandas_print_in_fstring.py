import pandas as pd

df = pd.DataFrame({"d_k": [4, 16], "std": [2.07, 4.06]})
print(f"결과:\n{df}")
print("표:", df)
print(df, end="\n\n")
print(df["std"].mean().round(3))
print(f'{df["std"].mean():.3f}')
