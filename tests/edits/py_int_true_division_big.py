# int / int is correctly rounded for every int64, as CPython's long_true_divide
big = 2**62 + 1
print(big / 3)
print(9223372036854775807 / (2**53 + 1))
print((-9223372036854775807 - 1) / 7)
print(9007199254740993 / 1)
print(123456789012345678 / 1000)
print(1 / 9007199254740993)
print(-5 / 2**60, 2**62 / -(2**61 + 1))
values = [(2**k + 3) / (2**(k // 2) + 1) for k in range(50, 63)]
print(values)
print(divmod(2**62 + 5, 7), (2**62 + 5) // 7, (2**62 + 5) % -7)
# many pairs from a small generator: every quotient must round as CPython's
state = 12345
def draw():
    global state
    state = (state * 1103515245 + 12345) % 2**31
    return state
out = []
for _ in range(400):
    a = (draw() << 32 | draw() << 1) - 2**62
    b = ((draw() << 31 | draw()) >> (draw() % 60)) + 1
    out.append(a / b)
print(out[:4], sum(out))
print(all(x == x for x in out), min(out) < 0 < max(out))
