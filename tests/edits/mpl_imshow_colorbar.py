import numpy as np
import matplotlib.pyplot as plt
np.random.seed(3)
scores = np.random.randn(4, 4)
weights = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)
fig, ax = plt.subplots(figsize=(4, 4))
im = ax.imshow(weights, cmap="viridis")
fig.colorbar(im, ax=ax)
ax.set_xlabel("key")
ax.set_ylabel("query")
ax.set_title("attention weights")
plt.show()
