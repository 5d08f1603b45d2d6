counts = {"a": 1}
counts["b"] += 1
