import numpy as np
import matplotlib.pyplot as plt

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
s = np.random.randn(8, d_k) @ np.random.randn(d_k)
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.plot(softmax(s), marker="o", label="before")
ax.plot(softmax(s / np.sqrt(d_k)), marker="s", label="after")
ax.set_xlabel("key")
ax.legend()
plt.show()
