import numpy as np
import pandas as pd

df = pd.DataFrame({"a": [1.5, np.inf, -1.0], "b": [np.inf, np.inf, 2.0]})
print(df.describe())
