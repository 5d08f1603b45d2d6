xs = [4, 1, 3, 2]
print(len(xs), sum(xs), min(xs), max(xs), sorted(xs), sorted(xs, reverse=True))
print(list(reversed(xs)), list(enumerate(xs)), list(enumerate(xs, start=1)))
print(list(zip(xs, "abcd")), list(zip([1, 2, 3], [4, 5])))
print(min(3, 1, 2), max("abc"), sum([0.1] * 10), sum([1, 2], 10), abs(-2.5))
print(max([], default=0), min([(2, "b"), (1, "z")]))
