# expect: unsupported
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([0, 1], [0, 1])
ax.annotate("peak", xy=(1, 1), xytext=(0.5, 0.8), arrowprops=dict(arrowstyle="->"))
