# Edit: attention weights as a heatmap with a labelled colorbar
import numpy as np
import matplotlib.pyplot as plt
np.random.seed(7)
Q = np.random.randn(5, 8)
K = np.random.randn(5, 8)
S = Q @ K.T / np.sqrt(8)
W = np.exp(S - S.max(axis=1, keepdims=True))
W = W / W.sum(axis=1, keepdims=True)
fig, ax = plt.subplots(figsize=(5, 4))
im = ax.imshow(W, cmap="Blues", vmin=0, vmax=1)
cb = fig.colorbar(im, ax=ax)
cb.set_label("weight")
ax.set_xticks(range(5), [f"k{i}" for i in range(5)])
ax.set_yticks(range(5), [f"q{i}" for i in range(5)])
ax.set_title("weights")
plt.show()
