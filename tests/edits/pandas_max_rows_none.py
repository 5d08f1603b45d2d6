import numpy as np
import pandas as pd

df = pd.DataFrame({"d_k": np.arange(1, 71), "√d_k": np.sqrt(np.arange(1, 71))})
pd.set_option("display.max_rows", None)
print(df.tail(8))
print(len(str(df).splitlines()))
pd.set_option("display.max_rows", 6)
print(df)
print(df["√d_k"])
