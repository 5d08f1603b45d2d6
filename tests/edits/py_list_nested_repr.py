grid = [[1, 2, 3], [4, 5, 6]]
print(grid)
print(grid[1][2], grid[-1])
grid[0][0] = 10.5
print(grid, [[]], [[], [1]], ["a", 'b"c', "d'e"])
print(str([1.0, 2.50, -0.0]), repr(["x", 1]))
