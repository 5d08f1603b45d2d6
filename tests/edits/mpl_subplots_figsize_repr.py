import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(7, 3.2))
print(fig)
print(repr(fig))
ax
