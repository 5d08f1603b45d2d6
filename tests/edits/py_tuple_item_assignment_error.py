shape = (2, 3)
print(shape[0])
shape[0] = 4
