# Three values into two names
shape = (2, 3, 4)
rows, cols = shape
print(rows, cols)
