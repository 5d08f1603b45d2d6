words = ["softmax", "q", "key", "value"]
print(sorted(words, key=lambda w: len(w)))
print(sorted(words, key=lambda w: (-len(w), w)))
square = lambda x: x * x
print(square(7), (lambda a, b=2: a + b)(1))
pairs = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(pairs, key=lambda p: p[1]), max(pairs, key=lambda p: p[0]))
