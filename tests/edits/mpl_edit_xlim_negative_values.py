# Edit: plot the raw scores, negative ones too, with limits
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
fig, ax = plt.subplots(figsize=(6, 3))
ax.bar(x, s, color=["tab:red" if v < 0 else "tab:blue" for v in s])
ax.axhline(0, color="black", linewidth=0.8)
ax.set_xlim(-1, 8)
ax.set_ylabel("score")
plt.show()
