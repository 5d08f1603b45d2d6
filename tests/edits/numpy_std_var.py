import numpy as np
x = np.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
print(x.std(), x.var(), np.std(x), np.var(x))
M = x.reshape(2, 4)
print(M.std(axis=0), M.var(axis=1), M.std(axis=1, keepdims=True))
print(np.array([1, 2, 3, 4]).std(), np.array([5]).std())
