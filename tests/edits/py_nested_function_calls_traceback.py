# A traceback lists every call on the way down
def outer(values):
    return middle(values) * 2

def middle(values):
    return inner(values) + 1

def inner(values):
    return values[0] / values[1]

print(outer([4, 2]))
print(outer([4, 0]))
