# += needs a value to start from
for n in [1, 2, 3]:
    running_total += n
print(running_total)
