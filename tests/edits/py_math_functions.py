import math
print(math.sqrt(2), math.exp(1), math.log(10), math.pi, 2 * math.pi)
print(math.sqrt(64), math.log(math.exp(3)), math.exp(-745.0), math.exp(709.0))
print(math.sqrt(1e-300), math.log(1e-300), math.exp(0.5) ** 2)
