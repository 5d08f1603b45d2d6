import numpy as np
print(np.zeros(3), np.ones((2, 3)), np.full((2, 2), 7), np.full(3, 0.5))
print(np.eye(3), np.eye(2, 3), np.zeros((2, 2), dtype=int))
print(np.arange(5), np.arange(2, 10, 3), np.arange(0, 1, 0.25), np.arange(5.0))
print(np.linspace(0, 1, 5), np.linspace(-1, 1, 4), np.linspace(0, 10, 3, endpoint=False))
print(repr(np.zeros(2)), repr(np.arange(3)), np.ones(0))
