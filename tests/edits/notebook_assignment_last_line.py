total = 1 + 2
# %%
total
# %%
total = total * 10
# %%
total, total / 4, [total] * 2
