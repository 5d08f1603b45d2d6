import pandas as pd
s = pd.Series([1.5, 2.5], index=["alpha", "beta"], name="s")
print(s.alpha if False else s["alpha"])
print(s.mena())
