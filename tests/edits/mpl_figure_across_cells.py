# The figure shows (and closes) at the end of its cell; a later cell changes only the object
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 2))
ax.bar([0, 1], [1, 2])
# %%
ax.set_title("later")
print(fig)
# %%
fig
