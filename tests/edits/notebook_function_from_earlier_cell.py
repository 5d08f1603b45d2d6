# A traceback through a function defined in an earlier cell names that cell
import numpy as np

def normalize(v):
    return v / v.sum(axis=1, keepdims=True)
# %%
print(normalize(np.array([[1.0, 3.0]])))
# %%
print(normalize(np.array([1.0, 3.0])))
