import pandas as pd

pd.set_option("display.precision", 2.5)
