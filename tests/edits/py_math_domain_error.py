import math
print(math.sqrt(4.0))
print(math.sqrt(-1.0))
