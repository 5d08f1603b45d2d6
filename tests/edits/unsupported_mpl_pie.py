# expect: unsupported
import matplotlib.pyplot as plt
plt.pie([1, 2, 3])
