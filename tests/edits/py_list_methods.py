# Building and changing lists
xs = [3, 1, 2]
xs.append(5)
xs.insert(0, 9)
xs.extend([7, 7])
print(xs, len(xs))
print(xs.pop(), xs.pop(0), xs)
xs.remove(7)
print(xs, xs.index(2), xs.count(7))
xs.sort()
print(xs)
xs.reverse()
print(xs, xs + [0], xs * 2)
