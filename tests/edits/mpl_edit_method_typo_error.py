# Edit: a typo in a method name
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.bar([0, 1], [1, 2])
ax.set_titel("weights")
