# np used without importing numpy
x = np.zeros(3)
print(x)
