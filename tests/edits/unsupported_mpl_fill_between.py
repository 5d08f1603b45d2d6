# expect: unsupported
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.fill_between([0, 1, 2], [0, 1, 0])
