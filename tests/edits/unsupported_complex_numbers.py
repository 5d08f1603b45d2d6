# expect: unsupported
z = 3 + 4j
print(abs(z), z * z)
