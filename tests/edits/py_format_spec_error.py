# An integer format code cannot print a float
mean = 2.5
print(f"mean = {mean:.2f}")
print(f"mean = {mean:d}")
