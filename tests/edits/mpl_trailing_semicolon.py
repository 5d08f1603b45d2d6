import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.bar([1, 2], [3, 4])
ax.set_title("scores");
