import numpy as np
import matplotlib.pyplot as plt
x = np.arange(5)
y = x ** 2
fig, ax = plt.subplots()
ax.plot(x[:4], y)
