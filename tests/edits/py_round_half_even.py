# round() rounds halves to the even neighbour; floats are binary fractions
print(round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5))
print(round(2.675, 2), round(0.125, 2), round(0.375, 2), round(1.005, 2))
print(round(1234.5678, -2), round(15, -1), round(25, -1), round(7))
print(type(round(2.5)), type(round(2.5, 1)))
