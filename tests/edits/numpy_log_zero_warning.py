import numpy as np
p = np.array([0.5, 0.5, 0.0])
print("p:", p)
print("-log p:", -np.log(p))
print("entropy terms:", p * np.log(p))
