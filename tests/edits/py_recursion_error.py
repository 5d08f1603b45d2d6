# A recursion without a base case
def countdown(n):
    print(n) if n > 997 else None
    return countdown(n - 1)

countdown(1000)
