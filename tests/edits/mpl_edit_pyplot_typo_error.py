# Edit: a typo in a pyplot function
import matplotlib.pyplot as plt
plt.plto([1, 2, 3])
