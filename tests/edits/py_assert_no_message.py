n = 3
assert n % 2 == 0
