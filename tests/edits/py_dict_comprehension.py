words = ["q", "k", "v", "q"]
positions = {w: i for i, w in enumerate(words)}
lengths = {w: len(w * 3) for w in words}
print(positions, lengths)
inverted = {v: k for k, v in positions.items()}
print(inverted)
