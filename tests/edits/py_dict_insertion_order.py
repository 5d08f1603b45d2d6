# Dicts keep the order keys were inserted
row = {"d_k": 4}
row["std"] = 2.07
row["scaled"] = 1.04
row["d_k"] = 16
print(row)
print(list(row), list(row.values()), list(row.items()))
for key in row:
    print(key, "->", row[key])
print(len(row), "std" in row, "mean" in row)
