# expect: unsupported
name = input("name? ")
print(name)
