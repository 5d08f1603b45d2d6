import matplotlib.pyplot as plt
fig1, ax1 = plt.subplots(figsize=(3, 2))
ax1.bar([0, 1], [2, 1], color="green")
plt.show()
print("between")
fig2, ax2 = plt.subplots(figsize=(2, 2))
ax2.plot([1, 2], [2, 1], color="black")
