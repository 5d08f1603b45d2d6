# mode: notebook
# a "?" IPython does not take as help is a SyntaxError there too; so is a "%" inside brackets
# %%
print(1)?
# %%
x = [1,
%time]
# %%
x = (1
, 2 3)
