# A typo in a variable name: Python suggests the close name
total_score = 0
for s in [1, 2, 3]:
    total_score += s
print(total_scor)
