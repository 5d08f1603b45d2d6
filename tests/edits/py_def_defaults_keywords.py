# Defaults and keyword arguments
def scaled_scores(scores, d_k=64, scale=True):
    factor = d_k ** 0.5 if scale else 1
    return [s / factor for s in scores]

print(scaled_scores([8.0, 16.0]))
print(scaled_scores([8.0, 16.0], 16))
print(scaled_scores([8.0, 16.0], scale=False))
print(scaled_scores(d_k=4, scores=[2.0]))
