# In a notebook the figure shows at the end of the cell even without plt.show()
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1], [1, 0])
print("drawn")
