import numpy as np
import pandas as pd
df = pd.DataFrame({"n": np.arange(80), "half": np.arange(80) / 2})
print(df)
