# expect: unsupported
words = ["the", "cat", "the"]
unique = {"the", "cat"}
print(len(unique), "the" in unique)
