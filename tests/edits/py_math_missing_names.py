# math names: one that math lacks is an AttributeError with Python's suggestion
import math
print(math.sqrt(2.0), math.pi)
try:
    math.sqr(4)
except AttributeError as e:
    print("AttributeError:", e)
math.squareroot(4)
