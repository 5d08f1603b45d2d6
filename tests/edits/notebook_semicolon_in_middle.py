x = 5; y = 6
x + y;
# %%
x; y
# %%
x + y  # a comment after the value
