import numpy as np
import pandas as pd

np.random.seed(5)
table = pd.DataFrame({"단어": ["고양이", "개", "트랜스포머", "attention"],
                      "점수": np.random.randn(4).round(3), "비율": np.random.rand(4)})
print(table)
# %%
pd.set_option("display.unicode.east_asian_width", True)
pd.set_option("display.precision", 3)
# %%
print(table)
table
# %%
pd.reset_option("display.precision")
print(table)
print(pd.get_option("display.precision"), pd.get_option("east_asian_width"))
