for d_k in [4, 16, 64]
    print(d_k)
