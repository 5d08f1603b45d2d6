# Edit: other colours: names, a grey level, a cycle colour
import numpy as np
import matplotlib.pyplot as plt

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
s = np.random.randn(8, d_k) @ np.random.randn(d_k)
before = softmax(s)
after = softmax(s / np.sqrt(d_k))
x = np.arange(len(s))
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.3, before, width=0.3, color="crimson", label="before")
ax.bar(x, after, width=0.3, color="0.6", label="after")
ax.bar(x + 0.3, (before + after) / 2, width=0.3, color="C2", label="mean")
ax.legend(ncol=3)
plt.show()
