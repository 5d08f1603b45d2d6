# Generator expressions are lazy: any() stops early, so the division by zero never happens
values = [3, 0, 5]
print(any(v > 2 for v in values))
print(all(10 / v > 1 for v in values[:1]))
g = (v * v for v in values)
print(next(g), next(g))
print(list(g), list(g))
print(sum(x * x for x in range(4)), max(len(w) for w in ["q", "key", "value"]))
print(sum(10 / v for v in values))
