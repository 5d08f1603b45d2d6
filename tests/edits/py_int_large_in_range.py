# Big but still inside int64
big = 9223372036854775807
print(big)
print(big - 1, -big - 1)
steps = 3037000499
print(steps * steps)
print(1_000_000 * 1_000_000)
