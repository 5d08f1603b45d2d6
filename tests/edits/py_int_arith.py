# Integer arithmetic: floor division and modulo follow the sign of the divisor
a, b = 17, 5
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, -a // b, -a % b, a // -b, a % -b)
print(2 ** 10, 2 ** 62, (-3) ** 3, 10 ** 18)
print(abs(-7))
