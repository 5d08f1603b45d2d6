token = "cat"
print(token[0], token[-1])
print(token[5])
