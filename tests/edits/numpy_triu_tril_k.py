import numpy as np
M = np.arange(1, 17).reshape(4, 4)
print(np.triu(M))
print(np.tril(M))
print(np.triu(M, k=1))
print(np.tril(M, k=-1))
print(np.triu(np.ones((3, 3)), 1) * -np.inf)
