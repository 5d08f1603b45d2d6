# expect: unsupported
data = b"abc"
print(data[0])
