# list.sort is CPython's timsort: NaNs, ties and a failing comparison show its exact order
import math
nan = float("nan")
scores = [3.5, nan, 1.0, 2.0, nan, 0.5, 4.0, -1.0]
print(sorted(scores))
print(sorted(scores, reverse=True))
# long lists: runs, galloping merges and powersort's merge order
data = [((k * 7919) % 1009) / 7 for k in range(3000)]
data[100] = nan
data[2500] = nan
s = sorted(data)
print(s[:5], s[1495:1505], s[-5:])
print(sorted(data, key=lambda v: -v if v == v else 0.0)[:8])
# stability with keys: equal keys keep their order
words = ["query", "key", "value", "q", "k", "v", "attention", "head", "score"] * 40
by_len = sorted(words, key=len)
print(by_len[:12], by_len[-3:])
# a comparison that raises leaves the list as timsort had it
mixed = list(range(70, 0, -1)) + ["a"] + list(range(100))
try:
    mixed.sort()
except TypeError as e:
    print("TypeError:", e)
print(mixed[:6], mixed[60:75], len(mixed))
rev = [5, 3, "x", 1]
try:
    rev.sort(reverse=True)
except TypeError as e:
    print("TypeError:", e)
print(rev)
