# expect: unsupported
with open("scores.txt") as f:
    print(f.read())
