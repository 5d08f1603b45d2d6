# mode: notebook
import pandas as pd
df = pd.DataFrame({"d_k": [4, 16], "std": [2.07, 4.06]})
display(df)
print("after")
df.head(1)
