# iterating over an int: the for statement is the location
n = 5
for i in n:
    print(i)
