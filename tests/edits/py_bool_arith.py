# bool is a kind of int
flags = [True, False, True, True]
print(sum(flags), True + True, True * 3, -True, True / 2)
print(int(True), float(False), str(True), bool(0), bool(""), bool([0]))
print(True == 1, False < True, isinstance(True, int), type(True))
