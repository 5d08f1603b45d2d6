import numpy as np
import pandas as pd

np.random.seed(3)
df = pd.DataFrame({"q·k": np.random.randn(4) * 8, "나눈 뒤": np.random.randn(4)})
print(np.round(df, 1))
print(np.round(df["q·k"], 2))
print(np.round(df))
