# Halve until small enough
value = 1000.0
steps = 0
while True:
    value /= 2
    steps += 1
    if value < 1:
        break
print(steps, value)
