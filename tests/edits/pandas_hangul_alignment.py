import pandas as pd

df = pd.DataFrame({"단어": ["고양이", "개", "attention", "트랜스포머"], "점수": [1.5, -0.25, 3.0, 10.0]})
print(df)
df.index = ["첫째", "둘째", "셋째", "넷째"]
print(df)
print(df["단어"])
