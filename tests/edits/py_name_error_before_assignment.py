print(result)
result = 3
