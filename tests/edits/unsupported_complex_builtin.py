# expect: unsupported
z = complex(3, 4)
print(abs(z))
