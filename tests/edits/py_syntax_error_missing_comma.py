sizes = [4 16 64]
