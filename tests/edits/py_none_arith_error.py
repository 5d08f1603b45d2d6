# Forgetting return, then using the result
def double(x):
    y = x * 2

value = double(4)
print(value + 1)
