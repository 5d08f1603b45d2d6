# %%
# %%
print("only this cell prints")
# %%

# %%
None
