import pandas as pd

data = {"a": [1, 2, 3], "b": [4, 5]}
df = pd.DataFrame(data)
