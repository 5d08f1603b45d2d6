import pandas as pd

df = pd.DataFrame({"단어": ["고양이", "개", "트랜스포머", "attention"], "점수": [1.5, -0.25, 3.0, 10.0]})
ranked = df.sort_values("점수", ascending=False)
print(ranked)
print(ranked.reset_index(drop=True))
print(ranked.reset_index())
df.set_index("단어", inplace=True)
print(df)
print(df.reset_index())
