# An exception raised while handling another shows both
def load(key):
    table = {"a": 1}
    try:
        return table[key]
    except KeyError:
        raise ValueError(f"unknown key {key!r}")

print(load("a"))
print(load("b"))
