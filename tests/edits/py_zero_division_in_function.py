# The traceback shows the call and the line inside the function
def mean(xs):
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
print(mean([]))
