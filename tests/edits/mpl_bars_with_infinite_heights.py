# Scores divided by zero give infinite bars: matplotlib leaves such a bar out of the axes'
# limits entirely (its corners come out NaN), x included; the finite bars still count.
import numpy as np
import matplotlib.pyplot as plt

p = np.zeros(4)
w = np.sqrt(5) / p
fig, ax = plt.subplots(figsize=(8, 3))
ax.bar(range(len(w)), w)
ax.set_title("all infinite")
plt.show()
# %%
h = np.array([0.5, np.inf, 0.25, np.nan, 1.0])
fig, ax = plt.subplots()
ax.bar(np.arange(5) * 2, h, width=0.5)
ax.barh([0, 1], [np.inf, 2.0])
plt.show()
