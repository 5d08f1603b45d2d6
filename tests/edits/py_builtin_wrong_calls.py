# Wrong calls of built-ins and methods: each error message exactly as CPython's (Argument Clinic's forms differ per function)
try:
    print("a,b".split(",", 1, 2))
except Exception as e:
    print('"a,b".split(",", 1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print("a,b".split(sep=",", x=1))
except Exception as e:
    print('"a,b".split(sep=",", x=1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a,b".split(1))
except Exception as e:
    print('"a,b".split(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".replace("a"))
except Exception as e:
    print('"a".replace("a")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".replace())
except Exception as e:
    print('"a".replace()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".replace("a", "b", 1, 2))
except Exception as e:
    print('"a".replace("a", "b", 1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".replace(1, "b"))
except Exception as e:
    print('"a".replace(1, "b")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".replace("a", "b", "c"))
except Exception as e:
    print('"a".replace("a", "b", "c")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".upper(1))
except Exception as e:
    print('"a".upper(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".lower(x=1))
except Exception as e:
    print('"a".lower(x=1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".strip(1))
except Exception as e:
    print('"a".strip(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".strip("a", "b"))
except Exception as e:
    print('"a".strip("a", "b")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".join())
except Exception as e:
    print('"a".join()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".join(1))
except Exception as e:
    print('"a".join(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".join([1, 2]))
except Exception as e:
    print('"a".join([1, 2])  ->  ', type(e).__name__ + ':', e)
try:
    print(",".join(["a", 2]))
except Exception as e:
    print('",".join(["a", 2])  ->  ', type(e).__name__ + ':', e)
try:
    print("a".startswith())
except Exception as e:
    print('"a".startswith()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".startswith(1))
except Exception as e:
    print('"a".startswith(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".startswith(("a", 1)))
except Exception as e:
    print('"a".startswith(("a", 1))  ->  ', type(e).__name__ + ':', e)
try:
    print("a".startswith("a", "b"))
except Exception as e:
    print('"a".startswith("a", "b")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".endswith())
except Exception as e:
    print('"a".endswith()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".find())
except Exception as e:
    print('"a".find()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".find(1))
except Exception as e:
    print('"a".find(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".count())
except Exception as e:
    print('"a".count()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".index("z"))
except Exception as e:
    print('"a".index("z")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".zfill())
except Exception as e:
    print('"a".zfill()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".zfill("3"))
except Exception as e:
    print('"a".zfill("3")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".center(5, "ab"))
except Exception as e:
    print('"a".center(5, "ab")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".ljust())
except Exception as e:
    print('"a".ljust()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".partition())
except Exception as e:
    print('"a".partition()  ->  ', type(e).__name__ + ':', e)
try:
    print("a".partition(""))
except Exception as e:
    print('"a".partition("")  ->  ', type(e).__name__ + ':', e)
try:
    print("a".splitlines(1, 2))
except Exception as e:
    print('"a".splitlines(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".format(*[]))
except Exception as e:
    print('"a".format(*[])  ->  ', type(e).__name__ + ':', e)
try:
    print("{} {}".format(1))
except Exception as e:
    print('"{} {}".format(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("{0} {}".format(1, 2))
except Exception as e:
    print('"{0} {}".format(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print("{x}".format(1))
except Exception as e:
    print('"{x}".format(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".isdigit(1))
except Exception as e:
    print('"a".isdigit(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".title(1))
except Exception as e:
    print('"a".title(1)  ->  ', type(e).__name__ + ':', e)
try:
    print("a".capitalize(None))
except Exception as e:
    print('"a".capitalize(None)  ->  ', type(e).__name__ + ':', e)
try:
    print([].append())
except Exception as e:
    print('[].append()  ->  ', type(e).__name__ + ':', e)
try:
    print([].append(1, 2))
except Exception as e:
    print('[].append(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print([].extend())
except Exception as e:
    print('[].extend()  ->  ', type(e).__name__ + ':', e)
try:
    print([].extend(1))
except Exception as e:
    print('[].extend(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].insert(1))
except Exception as e:
    print('[].insert(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].insert("a", 1))
except Exception as e:
    print('[].insert("a", 1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].pop())
except Exception as e:
    print('[].pop()  ->  ', type(e).__name__ + ':', e)
try:
    print([1].pop(5))
except Exception as e:
    print('[1].pop(5)  ->  ', type(e).__name__ + ':', e)
try:
    print([1].pop("a"))
except Exception as e:
    print('[1].pop("a")  ->  ', type(e).__name__ + ':', e)
try:
    print([].remove(1))
except Exception as e:
    print('[].remove(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].index(1))
except Exception as e:
    print('[].index(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([1].index(1, "a"))
except Exception as e:
    print('[1].index(1, "a")  ->  ', type(e).__name__ + ':', e)
try:
    print([].count())
except Exception as e:
    print('[].count()  ->  ', type(e).__name__ + ':', e)
try:
    print([].sort(1))
except Exception as e:
    print('[].sort(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].sort(key=1, reverse=2, x=3))
except Exception as e:
    print('[].sort(key=1, reverse=2, x=3)  ->  ', type(e).__name__ + ':', e)
try:
    print([3, "a"].sort())
except Exception as e:
    print('[3, "a"].sort()  ->  ', type(e).__name__ + ':', e)
try:
    print([].reverse(1))
except Exception as e:
    print('[].reverse(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].copy(1))
except Exception as e:
    print('[].copy(1)  ->  ', type(e).__name__ + ':', e)
try:
    print([].clear(1))
except Exception as e:
    print('[].clear(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(().index(1))
except Exception as e:
    print('().index(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(().count())
except Exception as e:
    print('().count()  ->  ', type(e).__name__ + ':', e)
try:
    print({}.keys(1))
except Exception as e:
    print('{}.keys(1)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.get())
except Exception as e:
    print('{}.get()  ->  ', type(e).__name__ + ':', e)
try:
    print({}.get(1, 2, 3))
except Exception as e:
    print('{}.get(1, 2, 3)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.pop())
except Exception as e:
    print('{}.pop()  ->  ', type(e).__name__ + ':', e)
try:
    print({}.pop(1))
except Exception as e:
    print('{}.pop(1)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.setdefault())
except Exception as e:
    print('{}.setdefault()  ->  ', type(e).__name__ + ':', e)
try:
    print({}.update(1))
except Exception as e:
    print('{}.update(1)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.update([1]))
except Exception as e:
    print('{}.update([1])  ->  ', type(e).__name__ + ':', e)
try:
    print({}.update([(1, 2, 3)]))
except Exception as e:
    print('{}.update([(1, 2, 3)])  ->  ', type(e).__name__ + ':', e)
try:
    print({}.popitem())
except Exception as e:
    print('{}.popitem()  ->  ', type(e).__name__ + ':', e)
try:
    print({}.copy(1))
except Exception as e:
    print('{}.copy(1)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.items(1))
except Exception as e:
    print('{}.items(1)  ->  ', type(e).__name__ + ':', e)
try:
    print({}.values(1))
except Exception as e:
    print('{}.values(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(len())
except Exception as e:
    print('len()  ->  ', type(e).__name__ + ':', e)
try:
    print(len(1))
except Exception as e:
    print('len(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(len([], []))
except Exception as e:
    print('len([], [])  ->  ', type(e).__name__ + ':', e)
try:
    print(len(x=1))
except Exception as e:
    print('len(x=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(abs())
except Exception as e:
    print('abs()  ->  ', type(e).__name__ + ':', e)
try:
    print(abs("a"))
except Exception as e:
    print('abs("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(abs(1, 2))
except Exception as e:
    print('abs(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(round())
except Exception as e:
    print('round()  ->  ', type(e).__name__ + ':', e)
try:
    print(round("a"))
except Exception as e:
    print('round("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(round(1.5, "a"))
except Exception as e:
    print('round(1.5, "a")  ->  ', type(e).__name__ + ':', e)
try:
    print(round(1, 2, 3))
except Exception as e:
    print('round(1, 2, 3)  ->  ', type(e).__name__ + ':', e)
try:
    print(sum())
except Exception as e:
    print('sum()  ->  ', type(e).__name__ + ':', e)
try:
    print(sum(1))
except Exception as e:
    print('sum(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(sum(["a", "b"]))
except Exception as e:
    print('sum(["a", "b"])  ->  ', type(e).__name__ + ':', e)
try:
    print(sum(["a"], ""))
except Exception as e:
    print('sum(["a"], "")  ->  ', type(e).__name__ + ':', e)
try:
    print(sum([1], start=[], x=1))
except Exception as e:
    print('sum([1], start=[], x=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(min())
except Exception as e:
    print('min()  ->  ', type(e).__name__ + ':', e)
try:
    print(min(1))
except Exception as e:
    print('min(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(min([]))
except Exception as e:
    print('min([])  ->  ', type(e).__name__ + ':', e)
try:
    print(min([], default=1, key=2, x=3))
except Exception as e:
    print('min([], default=1, key=2, x=3)  ->  ', type(e).__name__ + ':', e)
try:
    print(max(1, 2, key=3))
except Exception as e:
    print('max(1, 2, key=3)  ->  ', type(e).__name__ + ':', e)
try:
    print(max([1, "a"]))
except Exception as e:
    print('max([1, "a"])  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted())
except Exception as e:
    print('sorted()  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted(1))
except Exception as e:
    print('sorted(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted([], 1))
except Exception as e:
    print('sorted([], 1)  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted([], key=1))
except Exception as e:
    print('sorted([], key=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted([], reverse="a"))
except Exception as e:
    print('sorted([], reverse="a")  ->  ', type(e).__name__ + ':', e)
try:
    print(sorted(["a", 1]))
except Exception as e:
    print('sorted(["a", 1])  ->  ', type(e).__name__ + ':', e)
try:
    print(reversed())
except Exception as e:
    print('reversed()  ->  ', type(e).__name__ + ':', e)
try:
    print(reversed(1))
except Exception as e:
    print('reversed(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(enumerate())
except Exception as e:
    print('enumerate()  ->  ', type(e).__name__ + ':', e)
try:
    print(enumerate(1))
except Exception as e:
    print('enumerate(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(enumerate([], "a"))
except Exception as e:
    print('enumerate([], "a")  ->  ', type(e).__name__ + ':', e)
try:
    print(zip(1))
except Exception as e:
    print('zip(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(zip([], 1))
except Exception as e:
    print('zip([], 1)  ->  ', type(e).__name__ + ':', e)
try:
    print(range())
except Exception as e:
    print('range()  ->  ', type(e).__name__ + ':', e)
try:
    print(range("a"))
except Exception as e:
    print('range("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(range(1, 2, 0))
except Exception as e:
    print('range(1, 2, 0)  ->  ', type(e).__name__ + ':', e)
try:
    print(range(1, 2, 3, 4))
except Exception as e:
    print('range(1, 2, 3, 4)  ->  ', type(e).__name__ + ':', e)
try:
    print(range(1.5))
except Exception as e:
    print('range(1.5)  ->  ', type(e).__name__ + ':', e)
try:
    print(int("a"))
except Exception as e:
    print('int("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(int("1", 100))
except Exception as e:
    print('int("1", 100)  ->  ', type(e).__name__ + ':', e)
try:
    print(int(1, 2))
except Exception as e:
    print('int(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(int([]))
except Exception as e:
    print('int([])  ->  ', type(e).__name__ + ':', e)
try:
    print(int(None))
except Exception as e:
    print('int(None)  ->  ', type(e).__name__ + ':', e)
try:
    print(int("1.5"))
except Exception as e:
    print('int("1.5")  ->  ', type(e).__name__ + ':', e)
try:
    print(float("a"))
except Exception as e:
    print('float("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(float([]))
except Exception as e:
    print('float([])  ->  ', type(e).__name__ + ':', e)
try:
    print(float(1, 2))
except Exception as e:
    print('float(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(str(1, 2))
except Exception as e:
    print('str(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(str(b=1))
except Exception as e:
    print('str(b=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(list(1))
except Exception as e:
    print('list(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(list(1, 2))
except Exception as e:
    print('list(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(tuple(1))
except Exception as e:
    print('tuple(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(dict(1))
except Exception as e:
    print('dict(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(dict([1]))
except Exception as e:
    print('dict([1])  ->  ', type(e).__name__ + ':', e)
try:
    print(dict([(1, 2, 3)]))
except Exception as e:
    print('dict([(1, 2, 3)])  ->  ', type(e).__name__ + ':', e)
try:
    print(isinstance(1))
except Exception as e:
    print('isinstance(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(isinstance(1, 2))
except Exception as e:
    print('isinstance(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(isinstance(1, (int, 2)))
except Exception as e:
    print('isinstance(1, (int, 2))  ->  ', type(e).__name__ + ':', e)
try:
    print(type())
except Exception as e:
    print('type()  ->  ', type(e).__name__ + ':', e)
try:
    print(type(1, 2))
except Exception as e:
    print('type(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(print(sep=1))
except Exception as e:
    print('print(sep=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(print(end=1))
except Exception as e:
    print('print(end=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(print(1, x=1))
except Exception as e:
    print('print(1, x=1)  ->  ', type(e).__name__ + ':', e)
try:
    print(repr())
except Exception as e:
    print('repr()  ->  ', type(e).__name__ + ':', e)
try:
    print(format(1, 2))
except Exception as e:
    print('format(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(format(1, "q"))
except Exception as e:
    print('format(1, "q")  ->  ', type(e).__name__ + ':', e)
try:
    print(format("a", "d"))
except Exception as e:
    print('format("a", "d")  ->  ', type(e).__name__ + ':', e)
try:
    print(chr("a"))
except Exception as e:
    print('chr("a")  ->  ', type(e).__name__ + ':', e)
try:
    print(chr(-1))
except Exception as e:
    print('chr(-1)  ->  ', type(e).__name__ + ':', e)
try:
    print(ord("ab"))
except Exception as e:
    print('ord("ab")  ->  ', type(e).__name__ + ':', e)
try:
    print(ord(1))
except Exception as e:
    print('ord(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(divmod(1, 0))
except Exception as e:
    print('divmod(1, 0)  ->  ', type(e).__name__ + ':', e)
try:
    print(divmod(1))
except Exception as e:
    print('divmod(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(pow(2))
except Exception as e:
    print('pow(2)  ->  ', type(e).__name__ + ':', e)
try:
    print(pow(2, 3, 0))
except Exception as e:
    print('pow(2, 3, 0)  ->  ', type(e).__name__ + ':', e)
try:
    print(pow(2, -1, 5))
except Exception as e:
    print('pow(2, -1, 5)  ->  ', type(e).__name__ + ':', e)
try:
    print(pow(2.0, 3, 5))
except Exception as e:
    print('pow(2.0, 3, 5)  ->  ', type(e).__name__ + ':', e)
try:
    print(hash([]))
except Exception as e:
    print('hash([])  ->  ', type(e).__name__ + ':', e)
try:
    print(getattr(1))
except Exception as e:
    print('getattr(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(getattr(1, 2))
except Exception as e:
    print('getattr(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(getattr(1, "x"))
except Exception as e:
    print('getattr(1, "x")  ->  ', type(e).__name__ + ':', e)
try:
    print(setattr(1, "x", 2))
except Exception as e:
    print('setattr(1, "x", 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(hasattr(1, 2))
except Exception as e:
    print('hasattr(1, 2)  ->  ', type(e).__name__ + ':', e)
try:
    print(iter(1))
except Exception as e:
    print('iter(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(next(iter([])))
except Exception as e:
    print('next(iter([]))  ->  ', type(e).__name__ + ':', e)
try:
    print(next(1))
except Exception as e:
    print('next(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(next([]))
except Exception as e:
    print('next([])  ->  ', type(e).__name__ + ':', e)
try:
    print(any(1))
except Exception as e:
    print('any(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(all())
except Exception as e:
    print('all()  ->  ', type(e).__name__ + ':', e)
try:
    print(map())
except Exception as e:
    print('map()  ->  ', type(e).__name__ + ':', e)
try:
    print(map(len))
except Exception as e:
    print('map(len)  ->  ', type(e).__name__ + ':', e)
try:
    print(filter(1))
except Exception as e:
    print('filter(1)  ->  ', type(e).__name__ + ':', e)
try:
    print(callable())
except Exception as e:
    print('callable()  ->  ', type(e).__name__ + ':', e)
try:
    print(id())
except Exception as e:
    print('id()  ->  ', type(e).__name__ + ':', e)
