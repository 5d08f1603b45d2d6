import pandas as pd
table = pd.DataFrame({"before": [0.1, 0.9, 0.0], "after": [0.3, 0.7]})
print(table)
