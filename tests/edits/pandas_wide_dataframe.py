# script-differs: a notebook shows at most 20 columns, a script sizes the frame to 80 characters
import numpy as np
import pandas as pd
data = {f"c{j}": np.arange(3) * j for j in range(24)}
df = pd.DataFrame(data)
print(df)
