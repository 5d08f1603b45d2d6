import pandas as pd
df = pd.DataFrame({"a": [1.0, 2.5, 3.25], "b": [1e-5, 2.0, 300.0], "c": [1, 2, 3], "d": [0.1, 0.2, 0.3]})
print(df)
print(pd.DataFrame({"x": [1e10, 1.0], "y": [-0.5, 0.5]}))
print(pd.DataFrame({"big": [123456789.123, 2.0]}))
