# an array comparison in a comprehension condition: listcomp frame at the comparison
import numpy as np
threshold = np.array([0.5, 0.5])
kept = [s for s in [0.1, 0.7] if s > threshold]
