# Values nested far deeper than the recursion limit raise RecursionError, as in Python.
import numpy as np

a = []
b = []
for i in range(20000):
    a = [a]
    b = [b]
for name, f in [("repr", lambda: repr(a)), ("str", lambda: str(a)), ("eq", lambda: a == b),
                ("lt", lambda: a < b), ("in", lambda: a in [b]), ("sorted", lambda: sorted([a, b]))]:
    try:
        print(name, f())
    except RecursionError as e:
        print(name, "RecursionError:", e)
t = ()
for i in range(20000):
    t = (t,)
try:
    print(t == (t,))
except RecursionError as e:
    print("tuple eq RecursionError:", e)
d = {}
for i in range(20000):
    d = {"k": d}
try:
    print(len(repr(d)))
except RecursionError as e:
    print("dict RecursionError:", e)
try:
    np.array(a)
except Exception as e:
    print(type(e).__name__, e)
print(len(str([[[[1]]]])), a is not b)
