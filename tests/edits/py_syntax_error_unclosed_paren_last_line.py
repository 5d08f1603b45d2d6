x = 1
print("value:", x
