# List comprehensions with conditions
squares = [n * n for n in range(6)]
evens = [n for n in squares if n % 2 == 0]
pairs = [(i, j) for i in range(3) for j in range(i)]
labels = ["pos" if v > 0 else "neg" for v in [1.5, -2, 0.0]]
print(squares, evens, pairs, labels)
matrix = [[i * 3 + j for j in range(3)] for i in range(2)]
print(matrix, [row[1] for row in matrix])
