# Dividing a float by zero raises in plain Python (NumPy would warn instead)
total = 12.5
count = 0
print("total:", total)
average = total / count
print("average:", average)
