print(list(range(5)), list(range(2, 8)), list(range(10, 0, -3)), list(range(0)))
print(range(5), len(range(0, 100, 7)), range(3)[1], list(reversed(range(4))))
print(sum(range(101)), 5 in range(10), list(range(-3, 3, 2)))
