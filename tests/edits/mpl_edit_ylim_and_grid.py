# Edit: fix the y range to [0, 1] and draw a grid
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
ax.bar(x - 0.2, before, width=0.4, label="before")
ax.bar(x + 0.2, after, width=0.4, label="after")
ax.set_ylim(0, 1)
ax.grid(True, axis="y", alpha=0.3)
ax.legend(loc="upper left")
plt.show()
print(ax.get_ylim())
