# Floats print as the shortest text that reads back as the same number
print(0.1 + 0.2, 1 / 3, 2 / 3, 1e16, 1e-5, 123456789.0 * 10)
print(0.1 * 3, 100.0, 1e22, 1.5e-7, 3.0 * 1.1)
print(repr(0.1), str(2.5), 7.0 / 2)
values = [0.1, 0.25, 1e100, -0.0]
print(values)
