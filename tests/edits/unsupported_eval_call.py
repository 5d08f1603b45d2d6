# expect: unsupported
print(eval("1 + 2"))
