# expect: unsupported
# mode: notebook
# %%
%%capture
print(1)
