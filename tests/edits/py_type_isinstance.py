for v in [1, 2.0, True, "s", None, [1], (1,), {"a": 1}]:
    print(repr(v), type(v), type(v).__name__, isinstance(v, int), isinstance(v, (list, tuple)))
print(type(type(1)), isinstance(1.0, float), type(1) == int)
