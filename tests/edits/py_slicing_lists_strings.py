# Slices: start, stop, step; out-of-range bounds are clipped
xs = list(range(10))
print(xs[2:5], xs[:3], xs[7:], xs[-3:], xs[::2], xs[::-1], xs[8:20], xs[5:2])
word = "transformer"
print(word[:5], word[-4:], word[::3], word[1:-1], word[100:])
xs[1:3] = [100]
print(xs)
