import numpy as np
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(6, 2.5))
ax.bar(np.arange(4), [4, 3, 2, 1], width=0.5)
ax.set_xticks(np.arange(4))
ax.set_xticklabels(["d4", "d16", "d64", "d256"])
ax.set_ylabel("count")
plt.show()
