import numpy as np
import pandas as pd
x = np.array([1.0, 0.0])
print("before")
r = x / 0
print(pd.DataFrame({"r": r}))
print("after")
