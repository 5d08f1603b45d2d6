# expect: unsupported
# A generator function (yield) is outside the subset; generator expressions are in it
def squares(n):
    for x in range(n):
        yield x * x

print(sum(squares(4)))
