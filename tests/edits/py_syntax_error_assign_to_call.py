values = [1, 2]
len(values) = 3
