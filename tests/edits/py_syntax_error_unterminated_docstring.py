# A docstring never closed
def attention(q, k):
    """Scaled dot-product scores.
    return q * k
