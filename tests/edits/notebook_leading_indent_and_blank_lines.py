# A cell pasted with indentation runs in Jupyter: IPython removes the first line's indent
scores = [1.0, 2.0]
# %%
    total = sum(scores)
    print(total)
    if total > 2:
        print("large")
# %%


    ratio = scores[0] / (total - 3.0)
