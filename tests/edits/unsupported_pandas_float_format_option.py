# expect: unsupported
import pandas as pd

df = pd.DataFrame({"a": [1.5, 2.25]})
print(df)
pd.options.display.float_format = "{:.2f}".format
print(df)
