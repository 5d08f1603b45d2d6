# unpacking a non-iterable into a call names the function
def scaled(a, b):
    return a * b

scaled(*3)
