# expect: unsupported
import pandas as pd

print(pd.get_option("display.width"))
pd.set_option("\n", 3)
