# Tuples and unpacking
shape = (1000, 64)
rows, cols = shape
print(rows, cols, shape, len(shape))
point = 3, 4
x, y = point
print(x * y, (1,), (), tuple([1, 2]))
a, b = 1, 2
a, b = b, a
print(a, b)
