# expect: unsupported
words = ["q", "k", "q"]
print(len(words))
print(sorted(frozenset(words)))
