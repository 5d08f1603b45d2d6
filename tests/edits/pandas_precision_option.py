import numpy as np
import pandas as pd

pd.set_option("display.precision", 2)
df = pd.DataFrame({"x": np.linspace(0, 1, 4), "y": [1, 2, 3, 4]})
print(df)
