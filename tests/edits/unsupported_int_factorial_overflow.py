# expect: unsupported
product = 1
for k in range(1, 30):
    product *= k
print(product)
