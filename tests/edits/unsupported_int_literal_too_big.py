# expect: unsupported
print("before")
x = 123456789012345678901234567890
print(x)
