scale = 8.0

def scaled(v):
    return v / scale

print(scaled(16.0))
scale = 2.0
print(scaled(16.0))

def outer():
    factor = 3
    def inner(x):
        return x * factor
    return inner

print(outer()(5))
