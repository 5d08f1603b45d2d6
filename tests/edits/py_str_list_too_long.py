# Strings and lists far too long to build: CPython answers at once (OverflowError past
# sys.maxsize, MemoryError when it cannot allocate), and so must the kernel, never hang.
for make in [lambda: "abcd" * 2**62, lambda: [1, 2, 3, 4] * 2**62, lambda: (0,) * 2**62,
             lambda: "x".ljust(2**40), lambda: "ab".center(2**62), lambda: "7".zfill(2**50),
             lambda: "".join(["a" * 2**20] * 2**26), lambda: "-" * 2**60]:
    try:
        s = make()
        print("built", len(s))
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__, e)
print("ab" * 3, [0] * 2, "x".ljust(3) + "|", "7".zfill(3))
