# A function without return gives None
def greet(name):
    print("hello", name)

result = greet("Mina")
print(result, result is None, repr(None), str(None))
print([None, 1], {"x": None})
