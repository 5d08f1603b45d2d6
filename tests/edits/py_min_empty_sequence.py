scores = [s for s in [0.1, 0.4] if s > 0.5]
print(scores)
print(max(scores))
