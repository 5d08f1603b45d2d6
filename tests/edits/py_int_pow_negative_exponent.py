# A negative exponent turns an int power into a float
print(2 ** -1, 10 ** -3, (-2) ** -2)
print(type(2 ** 3), type(2 ** -3))
x = 9
print(x ** 0.5, (-8) ** 2, 0 ** 0)
