# The remainder by zero has its own message
n = 10
for d in [3, 2, 1, 0]:
    print(n, "%", d, "=", n % d)
