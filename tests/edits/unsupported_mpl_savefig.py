# expect: unsupported
import matplotlib.pyplot as plt
plt.plot([1, 2, 3])
plt.savefig("/dev/null", format="png")
