# expect: unsupported
vocab = set(["q", "k", "q"])
print(sorted(vocab))
