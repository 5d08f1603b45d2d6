scores = {"q": 1.25, "k": -0.5}
width = 8
for key, val in scores.items():
    print(f"{key:>{width}} | {val:{width}.3f} | {val * 2:.1f} | {'pos' if val > 0 else 'neg'}")
print(f"{len(scores)} keys, total {sum(scores.values()):.2f}")
