import numpy as np
import matplotlib.pyplot as plt
before = np.array([0.0, 0.0, 0.1, 0.9])
after = np.array([0.1, 0.2, 0.3, 0.4])
x = np.arange(4)
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.2, before, width=0.4, label="before", color="#264653")
ax.bar(x + 0.2, after, width=0.4, label="after", color="#e9c46a")
ax.set_xlabel("key")
ax.set_ylabel("weight")
ax.set_title("softmax before and after scaling")
ax.legend()
plt.tight_layout()
plt.show()
