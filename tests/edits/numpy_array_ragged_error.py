import numpy as np
rows = [[1, 2, 3], [4, 5]]
m = np.array(rows)
