import numpy as np
import pandas as pd
np.random.seed(2)
df = pd.DataFrame({"s": np.random.randn(50).round(2), "t": np.arange(50)})
print(df.describe())
