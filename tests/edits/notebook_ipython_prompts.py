# mode: notebook
# prompts pasted from a Python or IPython console are stripped; a lone "..." line is one
# %%
>>> a = [1, 2, 3]
>>> print(sum(a))
>>> a
# %%
In [7]: b = 10
   ...: print(b + 1)
# %%
c = 5
...
# %%
...
# %%
>>>print("no space after the prompt")
