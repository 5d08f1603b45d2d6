# Edit: a causal mask shown as a heatmap, automatic ticks
import numpy as np
import matplotlib.pyplot as plt
n = 6
scores = np.arange(n * n, dtype=float).reshape(n, n) / 10
scores[np.triu(np.ones((n, n), dtype=bool), k=1)] = -np.inf
w = np.exp(scores - scores.max(axis=1, keepdims=True))
w = w / w.sum(axis=1, keepdims=True)
plt.imshow(w, cmap="magma")
plt.colorbar()
plt.title("causal weights")
plt.show()
