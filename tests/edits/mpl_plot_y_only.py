import numpy as np
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot(np.tanh(np.linspace(-3, 3, 7)))
ax.set_xticks([0, 3, 6])
ax.set_title("tanh")
plt.show()
