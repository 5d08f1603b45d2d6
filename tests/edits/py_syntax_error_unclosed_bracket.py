scores = [1, 2, 3
print(sum(scores))
