import pandas as pd

df = pd.DataFrame({"a": [1.5, 2.25]})
pd.set_option("display.max_row", 5)
print(pd.get_option("display.max_rows"))
pd.set_option("display.presicion", 2)
print(df)
