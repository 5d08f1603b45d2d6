# The body of an if is not indented
x = 3
if x > 2:
print("x is large")
