# expect: unsupported
# mode: notebook
# %%
x = 1
print(x)
# %%
!echo hello
