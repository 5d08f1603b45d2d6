import numpy as np
np.random.seed(3)
s = np.random.randn(4)
print(f"max {s.max():.3f}, argmax {s.argmax()}, mean {s.mean()}")
print("std", s.std().round(2), "as float", float(s.std()), "rounded", round(s.std(), 3))
print(f"{np.float64(2.5)} {np.int64(3):5d} {np.float64(0.1):.1e}")
