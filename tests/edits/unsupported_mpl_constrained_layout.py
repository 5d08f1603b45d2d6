# expect: unsupported
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3), constrained_layout=True)
ax.bar([0, 1], [1, 2])
