# Edit: the chart's texts in English, a bigger title
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
ax.bar(x - 0.2, before, width=0.4, label="before", color="#264653")
ax.bar(x + 0.2, after, width=0.4, label="after", color="#e9c46a")
ax.set_xlabel("key index")
ax.set_ylabel("softmax weight")
ax.set_title(f"d_k = {d_k}: before and after dividing by sqrt(d_k)", fontsize=14)
ax.legend()
plt.tight_layout()
plt.show()
