# Edit: the pyplot state machine with plt.figure(figsize=...)
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
plt.figure(figsize=(5, 2.5))
plt.bar(x, before, label="before")
plt.plot(x, after, "k.-", label="after")
plt.title("pyplot only")
plt.xlabel("key")
plt.ylim(0, 1.1)
plt.legend()
plt.show()
