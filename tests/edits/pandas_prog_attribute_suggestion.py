import pandas as pd
df = pd.DataFrame({"score": [1, 2], "점수": [3, 4], "q·k": [0.5, 1.5]})
print(df.score)
print(df.점수)
print(df.scroe)
