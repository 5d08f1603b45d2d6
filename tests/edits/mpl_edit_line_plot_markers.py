# Edit: lines with markers and styles instead of bars
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
ax.plot(x, before, "o-", color="#264653", label="before")
ax.plot(x, after, "s--", color="#e9c46a", linewidth=2, label="after")
ax.axhline(1 / len(s), color="gray", linestyle=":", label="uniform")
ax.set_xlabel("key")
ax.legend()
plt.show()
