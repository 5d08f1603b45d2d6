import pandas as pd

pd.options.display.precision = 2
print(pd.options.display.precision)
pd.options.display.max_row = 10
