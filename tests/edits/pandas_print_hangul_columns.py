import pandas as pd
df = pd.DataFrame({"점수": [1.3, -15.7, 4.6], "나누기 전": [0.0, 0.0, 1.0], "나눈 뒤": [0.102, 0.012, 0.153]})
print(df)
