import numpy as np
import pandas as pd
np.random.seed(11)
df = pd.DataFrame({"q": np.random.randn(4), "k": np.random.randn(4)})
print(df.round(2))
print(df.round(0))
print(df.round(3)["q"])
