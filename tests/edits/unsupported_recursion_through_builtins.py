# expect: unsupported
# A recursive function that calls a built-in on every level: CPython counts the built-in's call
# toward the recursion limit (and raises inside it, "... while calling a Python object"), which
# the kernel does not reproduce, so it refuses near the limit instead of answering differently.
def depth(n):
    abs(n)
    return depth(n + 1)

depth(0)
