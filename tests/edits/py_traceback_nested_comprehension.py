# nested comprehensions: each frame points at its own comprehension call
grid = [[1 / v for v in row] for row in [[1, 2], [4, 0]]]
