print(int("42"), int(3.99), int(-3.99), int("-7"), int(True), int(" 5 "))
print(float("1.5"), float(2), float("1e3"), float(" -0.25 "), str(3.0), str(10))
print(list("abc"), tuple([1, 2]), list((1,)), dict(a=1), list({"x": 1}))
print(str([1, "a"]), str((1,)), int("0010"), float("inf"))
