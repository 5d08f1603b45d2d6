# A list has no shape: that is a NumPy array's attribute
scores = [[1, 2], [3, 4]]
print(len(scores))
print(scores.shape)
