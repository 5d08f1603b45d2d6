import pandas as pd

pd.set_option("display.unicode.east_asian_width", True)
df = pd.DataFrame({"단어": ["고양이", "개", "attention"], "점수": [1.5, -0.25, 3.0]})
print(df)
