# expect: unsupported
print(sum(x * x for x in range(4)))
