# Without color=, bars take the next colours of matplotlib's cycle
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.bar([0, 1, 2], [3, 1, 2])
ax.bar([0, 1, 2], [1, 1, 1], bottom=[3, 1, 2], label="top")
ax.legend()
plt.show()
