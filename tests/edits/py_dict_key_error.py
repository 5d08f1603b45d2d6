# A missing key
config = {"seed": 42, "n_pairs": 1000}
print(config["seed"])
print(config.get("d_k"), config.get("d_k", 64))
print(config["d_k"])
