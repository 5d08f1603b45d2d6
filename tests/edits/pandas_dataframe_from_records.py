import numpy as np
import pandas as pd
rows = []
for d_k in [4, 16, 64]:
    rows.append({"d_k": d_k, "sqrt": np.sqrt(d_k), "label": f"dk{d_k}"})
df = pd.DataFrame(rows)
print(df)
print(df.shape)
