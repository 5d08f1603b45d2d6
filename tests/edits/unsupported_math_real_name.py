# expect: unsupported
# math.gamma exists in Python but not in the lab kernel: refused, never an AttributeError
import math
print(math.sqrt(16.0))
print(math.gamma(5.0))
