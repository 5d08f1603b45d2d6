# The call is still open when the cell ends: Jupyter says "incomplete input"
scores = [0.1, 0.7, 0.2]
print("largest:", max(scores)
