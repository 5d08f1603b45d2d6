import numpy as np
import pandas as pd

np.random.seed(1)
df = pd.DataFrame(np.random.randn(3, 14).round(2), columns=[f"head_{i}" for i in range(14)])
pd.set_option("display.max_columns", None)
print(df)
pd.options.display.width = 120
print(df)
pd.options.display.max_columns = 4
print(df)
