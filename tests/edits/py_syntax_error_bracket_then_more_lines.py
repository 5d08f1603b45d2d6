# A bracket left open, then more code: the bracket is named
weights = [0.2, 0.3,
bias = 0.1
print(weights)
