# Edit: four values of d_k in a 2 x 2 grid
import numpy as np
import matplotlib.pyplot as plt
np.random.seed(0)
fig, axs = plt.subplots(2, 2, figsize=(8, 5))
for ax, d_k in zip(axs.flat, [1, 4, 16, 64]):
    s = np.random.randn(6, d_k) @ np.random.randn(d_k) / np.sqrt(d_k)
    p = np.exp(s - s.max())
    p = p / p.sum()
    ax.bar(np.arange(6), p)
    ax.set_title(f"d_k = {d_k}")
    ax.set_ylim(0, 1)
plt.show()
