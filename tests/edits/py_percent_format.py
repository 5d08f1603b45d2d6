# Old-style % formatting
d_k = 64
std = 7.8612
print("d_k = %d, std = %.2f" % (d_k, std))
print("%5s|%-5s|%05.1f|%x|%e" % ("ab", "cd", 3.14159, 255, 12345.678))
print("%s and %r" % ("text", "text"))
print("%d%%" % 50)
