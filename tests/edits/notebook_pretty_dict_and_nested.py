config = {"d_k_values": [4, 16, 64, 256], "n_pairs": 1000, "seeds": {"sweep": 42, "compare": 7}, "labels": ["before scaling", "after scaling"] * 3}
config
# %%
short = {"a": 1, "b": [1, 2]}
short
# %%
[[j * 10 + i for i in range(12)] for j in range(4)]
