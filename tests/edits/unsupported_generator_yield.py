# expect: unsupported
def batches(n):
    for i in range(0, n, 2):
        yield i
print(list(batches(6)))
