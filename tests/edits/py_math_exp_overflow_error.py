import math
for z in [1.0, 100.0, 1000.0]:
    print(z, math.exp(z))
