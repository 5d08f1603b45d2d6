# inf and nan from float(), and how they compare
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, inf - inf, inf * 0)
print(inf > 1e308, nan == nan, nan != nan, 1e308 * 10)
print(float("-inf") < -1e308, [inf, nan])
