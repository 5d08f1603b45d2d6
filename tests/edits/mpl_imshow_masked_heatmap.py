# A causal mask shown as a heatmap, with the words on the ticks
import numpy as np
import matplotlib.pyplot as plt
words = ["I", "like", "cats"]
s = np.array([[1.0, 0.5, 0.2], [0.3, 1.2, 0.8], [0.1, 0.4, 2.0]])
s[np.triu(np.ones((3, 3)), k=1) > 0] = -np.inf
w = np.exp(s - s.max(axis=1, keepdims=True))
w = w / w.sum(axis=1, keepdims=True)
fig, ax = plt.subplots(figsize=(4, 3))
ax.imshow(w, cmap="Blues", vmin=0, vmax=1)
ax.set_xticks([0, 1, 2])
ax.set_xticklabels(words)
ax.set_yticks([0, 1, 2])
ax.set_yticklabels(words)
plt.show()
print(w.round(2))
