for d_k in [1, 4, 64]:
    size = "small" if d_k < 8 else "large"
    scale = 1 if d_k == 1 else d_k ** 0.5
    print(d_k, size, scale, "even" if d_k % 2 == 0 else "odd")
