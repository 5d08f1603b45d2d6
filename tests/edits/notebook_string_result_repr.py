name = "attention"
name
# %%
f"{name}\n{len(name)}"
# %%
print(f"{name}\n{len(name)}")
