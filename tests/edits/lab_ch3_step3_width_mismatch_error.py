# Edit: the second bar series is one value short
import numpy as np
import matplotlib.pyplot as plt
x = np.arange(8)
before = np.linspace(0, 1, 8)
after = np.linspace(0, 1, 7)
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.2, before, width=0.4)
ax.bar(x + 0.2, after, width=0.4)
plt.show()
