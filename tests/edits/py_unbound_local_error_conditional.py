def describe(x):
    if x > 0:
        label = "positive"
    return label

print(describe(1))
print(describe(-1))
