for n in range(10):
    if n % 2 == 0:
        continue
    if n > 7:
        break
    print("odd", n)

for n in range(3):
    pass
print("after the loop, n =", n)

k = 0
while k < 5:
    k += 1
    if k == 2:
        continue
    print("k", k)
