import numpy as np
import matplotlib.pyplot as plt
x = np.arange(5)
fig, axes = plt.subplots(1, 2, figsize=(8, 3))
axes[0].bar(x, x * 0.1)
axes[0].set_title("left")
axes[1].plot(x, -x)
axes[1].set_title("right")
plt.tight_layout()
plt.show()
