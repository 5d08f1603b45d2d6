import numpy as np
import matplotlib.pyplot as plt
print("start")
w = np.exp(np.array([1000.0, 1.0]))
fig, ax = plt.subplots(figsize=(3, 2))
ax.bar([0, 1], [1, 2])
plt.show()
print("end", w)
