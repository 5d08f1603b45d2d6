# raise ... from None hides the context
try:
    value = int("x1")
except ValueError:
    raise KeyError("bad value") from None
