ratios = [10 / d for d in [5, 2, 1]]
print(ratios)
ratios = [10 / d for d in [5, 0, 1]]
