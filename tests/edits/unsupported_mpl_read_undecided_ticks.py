# expect: unsupported
# The lab's chart with sixty keys: after tight_layout its y ticks depend on text widths the
# kernel does not measure, so reading them is refused (showing the figure is not).
import numpy as np
import matplotlib.pyplot as plt

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(0)
d_k = 1
q = np.random.randn(d_k)
keys = np.random.randn(60, d_k)
s = keys @ q
before = softmax(s)
after = softmax(s / np.sqrt(d_k))
x = np.arange(len(s))
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.2, before, width=0.4, label="before")
ax.bar(x + 0.2, after, width=0.4, label="after dividing by sqrt(d_k)")
ax.set_xlabel("key")
ax.set_ylabel("softmax weight")
ax.set_title(f"d_k = {d_k}: before and after dividing")
ax.legend()
plt.tight_layout()
print(ax.get_yticks())
