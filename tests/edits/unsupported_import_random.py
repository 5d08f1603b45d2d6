# expect: unsupported
import random
random.seed(1)
print(random.random())
