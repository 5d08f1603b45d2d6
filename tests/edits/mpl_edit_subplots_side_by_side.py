# Edit: before and after in two panels
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
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 3))
ax1.bar(x, before, color="#264653")
ax1.set_title("before")
ax2.bar(x, after, color="#e9c46a")
ax2.set_title("after")
for ax in (ax1, ax2):
    ax.set_ylim(0, 1)
    ax.set_xticks(x)
fig.suptitle(f"d_k = {d_k}")
plt.show()
