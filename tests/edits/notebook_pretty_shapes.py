# IPython's pretty printer: where long containers break, nested and mixed, at exactly 79 columns
rows = [(i, i * i, "x" * i) for i in range(12)]
rows
# %%
{"scores": [0.1 * k for k in range(15)], "names": ("query", "key", "value"), "empty": {}, "one": (1,)}
# %%
[[["deep", "list"] * 4] * 2, {"k": [1, 2, 3] * 10}]
# %%
words = ["어텐션", "쿼리", "키", "값"] * 6
words
# %%
list(range(1003))
# %%
[1] * 25 + ["a" * 60]
# %%
("a" * 77,)
# %%
("a" * 78,)
# %%
{"key": "v" * 72}
# %%
{"key": "v" * 73}
# %%
import numpy as np
{"weights": np.arange(12).reshape(3, 4) / 7, "bias": [np.float64(0.5), np.int64(3)]}
