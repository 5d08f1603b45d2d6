# expect: unsupported
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([1, 10, 100])
ax.set_yscale("log")
