# The loop variable does not leak out of a comprehension
values = [x * 2 for x in range(3)]
print(values)
print(x)
