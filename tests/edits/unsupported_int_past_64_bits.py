# expect: unsupported
print(2 ** 64)
