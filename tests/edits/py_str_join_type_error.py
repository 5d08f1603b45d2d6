# join wants strings
sizes = [4, 16, 64]
print(", ".join([str(s) for s in sizes]))
print(", ".join(sizes))
