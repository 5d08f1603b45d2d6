def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)

print([factorial(k) for k in range(10)])
print(factorial(20))
