import pandas as pd

pd.set_option("max_rows", 5)
