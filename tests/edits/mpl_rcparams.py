import matplotlib.pyplot as plt
plt.rcParams["axes.unicode_minus"] = False
plt.rcParams["figure.figsize"] = (5, 2.5)
fig, ax = plt.subplots()
ax.plot([-2, -1, 0, 1], [1, -1, 1, -1])
ax.set_title("minus signs as hyphens")
plt.show()
print(plt.rcParams["figure.figsize"])
