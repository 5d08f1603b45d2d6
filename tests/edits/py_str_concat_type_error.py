# str + int does not convert by itself
d_k = 64
label = "d_k = " + str(d_k)
print(label)
print("d_k = " + d_k)
