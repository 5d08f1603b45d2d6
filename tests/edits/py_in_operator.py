print(3 in [1, 2, 3], "k" in {"k": 1}, 1 in {"k": 1}.values(), "at" in "attention")
print(4 not in (1, 2), "z" not in "abc", [1] in [[1], [2]])
