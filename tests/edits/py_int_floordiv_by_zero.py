items = 7
groups = 0
print(items // groups)
