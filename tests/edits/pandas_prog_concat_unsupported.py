# expect: unsupported
import pandas as pd

a = pd.DataFrame({"x": [1]})
print(pd.concat([a, a]))
