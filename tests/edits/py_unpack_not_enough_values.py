pair = [7]
a, b = pair
