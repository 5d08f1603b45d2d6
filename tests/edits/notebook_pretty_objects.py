# Functions, classes, exceptions and iterators as a cell's result (IPython's own forms)
def scale(x, factor=2.0, *rest, axis=None, **options):
    return x * factor

scale
# %%
lambda q, k: q * k
# %%
class Head:
    pass

[Head, int, float, str]
# %%
Head()
# %%
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __repr__(self):
        return f"Pair({self.a},\n     {self.b})"

[Pair(1, 2), Pair(3, 4)]
# %%
[ValueError("bad value " * 8, 42), KeyError("k")]
# %%
[len, sorted, print, round, max]
# %%
zip([1, 2], [3, 4])
# %%
[1, 2].append
# %%
x = [1, 2, 3]
x.append(4);
# %%
x.clear()
# %%
{"a": 1}.items()
# %%
range(0, 100, 7)
