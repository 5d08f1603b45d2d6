print(float("3.5"))
print(float("3,5"))
