d = {1: "one", 2.5: [1, 2], "k": (1,), None: True, (1, 2): {"in": 0}}
print(d)
print(repr(d["k"]), d[(1, 2)], d[None], {})
