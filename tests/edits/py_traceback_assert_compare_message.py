# assert with a comparison and a message: carets under the comparison
probs = [0.25, 0.25, 0.25]
assert sum(probs) == 1.0, f"probabilities sum to {sum(probs)}"
