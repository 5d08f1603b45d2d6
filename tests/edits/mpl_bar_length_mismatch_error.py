import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.bar([0, 1, 2], [0.5, 0.5])
