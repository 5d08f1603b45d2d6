probs = [0.2, 0.3, 0.5]
assert abs(sum(probs) - 1.0) < 1e-9, "probabilities must sum to 1"
print("first check passed")
probs.append(0.1)
assert abs(sum(probs) - 1.0) < 1e-9, f"sum is {sum(probs)}"
