# Edit: legend places and a title on the legend
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
leg = ax.legend(loc="upper right", title="scaling")
print([t.get_text() for t in leg.get_texts()])
plt.show()
