import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([3, 1, 2])
