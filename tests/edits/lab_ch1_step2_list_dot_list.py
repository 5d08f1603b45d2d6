# Edit: plain lists instead of arrays; * on lists is not element-wise
u = [1, 2, 3]
v = [4, 5, 6]
print(u + v, u * 2)
print(u * v)
