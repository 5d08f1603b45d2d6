import numpy as np
import matplotlib.pyplot as plt
d_k = np.array([4, 16, 64, 256])
fig, ax = plt.subplots(figsize=(6, 3))
ax.plot(d_k, np.sqrt(d_k), label="sqrt(d_k)")
ax.plot(d_k, np.ones(4), "--", label="after scaling")
ax.plot(d_k, np.log(d_k), marker="o", linestyle=":", color="red")
ax.set_xlabel("d_k")
ax.legend()
plt.show()
