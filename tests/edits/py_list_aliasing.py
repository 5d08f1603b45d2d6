# Two names, one list
a = [1, 2, 3]
b = a
b.append(4)
c = a[:]
c.append(5)
print(a, b, c, a is b, a == c[:4])
