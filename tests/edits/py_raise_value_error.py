def check_d_k(d_k):
    if d_k <= 0:
        raise ValueError(f"d_k must be positive, got {d_k}")
    return d_k ** 0.5

print(check_d_k(64))
print(check_d_k(0))
