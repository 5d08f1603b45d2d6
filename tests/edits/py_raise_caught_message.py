try:
    raise TypeError("wrong kind of value")
except TypeError as err:
    print("caught:", err, "|", repr(err), "|", type(err))
try:
    raise KeyError("name")
except KeyError as err:
    print(str(err), repr(err))
