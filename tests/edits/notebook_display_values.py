# mode: notebook
import numpy as np
import pandas as pd
display("점수", 1.5, np.arange(3), [1, 2])
s = pd.Series([0.5, 0.25], name="p")
display(s)
# %%
display(pd.DataFrame({"a": [1]}))
display()
