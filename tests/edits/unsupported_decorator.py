# expect: unsupported
def twice(f):
    def g(x):
        return f(f(x))
    return g

@twice
def inc(x):
    return x + 1

print(inc(1))
