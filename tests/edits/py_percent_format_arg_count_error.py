# One value too few for the format
name = "softmax"
print("%s took %d ms" % (name,))
