# Edit: name the keys on the x axis
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
words = ["the", "cat", "sat", "on", "a", "warm", "red", "mat"]
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.2, before, width=0.4, label="before")
ax.bar(x + 0.2, after, width=0.4, label="after")
ax.set_xticks(x, words)
ax.set_ylabel("weight")
ax.legend()
plt.tight_layout()
plt.show()
