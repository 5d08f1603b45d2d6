# str.format with positions, names and specs
print("{} + {} = {}".format(2, 3, 5))
print("{1} before {0}".format("a", "b"))
print("{name} has shape {shape}".format(name="q", shape=(1000, 64)))
print("{:.3f} | {:>6} | {:<6}|".format(2 / 3, "r", "l"))
print("{0:08.3f} {0:.0f} {0:g}".format(12.5))
