# A bare DataFrame on the last line shows as the cell's result
import pandas as pd
df = pd.DataFrame({"word": ["the", "cat", "sat"], "weight": [0.5, 0.25, 0.25]})
df
