# %%


x = [1, 2
# %%

print("third line")
y = 1 / 0
