# script-differs: a notebook shows at most 20 columns, a script sizes the frame to 80 characters
import numpy as np
import pandas as pd

a = np.arange(3 * 25).reshape(3, 25) * 1.5
df = pd.DataFrame(a, columns=[f"col{i}" for i in range(25)])
print(df)
print(pd.DataFrame(np.arange(36).reshape(3, 12) * 1000.5, columns=[f"column_{i}" for i in range(12)]))
print(df.columns)
