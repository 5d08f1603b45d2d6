count = 3
print(count + " items")
