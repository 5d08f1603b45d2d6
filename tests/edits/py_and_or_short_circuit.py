# and/or return one of their operands
print(0 or "default", "" or None, 3 and 4, 0 and 1 / 0, [] or [1])
print(not 0, not [1], not None, True and not False)
def loud(v):
    print("evaluated", v)
    return v
print(loud(0) and loud(1))
print(loud(2) or loud(3))
