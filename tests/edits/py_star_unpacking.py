first, *rest = [10, 20, 30, 40]
print(first, rest)
*init, last = "abc"
print(init, last)
head, *middle, tail = range(6)
print(head, middle, tail)
