# mode: notebook
# IPython drops the first line's indent from every line that has it, before compiling
# %%
    x = 3
    if x > 2:
        print("dedented", x)
    x * 2
# %%
    y = 1
  z = 2
