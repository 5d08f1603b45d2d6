def stats(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum([(x - mean) ** 2 for x in xs]) / n
    return mean, var, n

m, v, n = stats([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
print(m, v, n, stats([1]))
