import math
probs = [0.5, 0.25, 0.0]
for p in probs:
    print(p, -math.log(p))
