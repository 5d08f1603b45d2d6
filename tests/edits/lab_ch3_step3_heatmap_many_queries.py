# Edit: all queries at once, as a heatmap
import numpy as np
import matplotlib.pyplot as plt
np.random.seed(7)
d_k = 64
Q = np.random.randn(6, d_k)
K = np.random.randn(8, d_k)
S = Q @ K.T / np.sqrt(d_k)
W = np.exp(S - S.max(axis=1, keepdims=True))
W = W / W.sum(axis=1, keepdims=True)
fig, ax = plt.subplots(figsize=(6, 4))
im = ax.imshow(W)
fig.colorbar(im)
ax.set_xlabel("key")
ax.set_ylabel("query")
plt.show()
print(W.sum(axis=1))
