label = "softmax
print(label)
