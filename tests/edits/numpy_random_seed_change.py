import numpy as np
for seed in [0, 1, 42, 4294967295]:
    np.random.seed(seed)
    print(seed, np.random.randn(3).round(4), np.random.randint(0, 1000))
