import numpy as np
import pandas as pd
df = pd.DataFrame({"a": [1.0, np.nan, -2.5], "b": [-0.001, 1000.0, np.inf], "c": [1, 2, 3]})
print(df)
print(df.round(1))
df
