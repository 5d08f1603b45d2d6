import numpy as np
import pandas as pd

df = pd.DataFrame({
    "n": [1, 10, 100, 1000000],
    "작은 값": [0.00001234, 0.5, 1.25, 3.0],
    "큰 값": [1.5e10, 2.25, 3.0, 4.125],
    "비율": [0.1, 0.25, np.nan, 1.0],
    "정수 같은 실수": [1.0, 2.0, 3.0, 4.0],
    "이름": ["가", "나나", "다다다", "a"],
})
print(df)
print(df.round(2))
print(df["작은 값"])
df
