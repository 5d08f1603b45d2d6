# An off-by-one loop bound
scores = [0.5, 0.25, 0.25]
for i in range(len(scores) + 1):
    print(i, scores[i])
