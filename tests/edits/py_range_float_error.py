# range() takes integers only
n_steps = 10 / 2
for i in range(n_steps):
    print(i)
