# ** of a list names the function too
def scaled(a, b):
    return a * b

scaled(**[1, 2])
