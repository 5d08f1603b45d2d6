# expect: unsupported
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.scatter([1, 2, 3], [3, 1, 2])
plt.show()
