import numpy as np
import pandas as pd

n = 100
df = pd.DataFrame({"step": np.arange(n), "loss": 1 / (np.arange(n) + 1.0), "ok": np.arange(n) % 3 == 0})
print(df)
print(df["loss"])
print(df.index)
print(df.tail())
