line = "-" * 10
print(line)
print("=" * 2.5)
