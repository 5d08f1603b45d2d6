# Edit: long key names, turned
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
names = [f"key number {k}" for k in range(8)]
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x, after, color="tab:orange")
ax.set_xticks(x)
ax.set_xticklabels(names, rotation=45, ha="right")
ax.set_ylim(0, 0.6)
plt.show()
