# Assigning to a name inside a function makes it local everywhere in that function
count = 0

def bump():
    count += 1
    return count

print(bump())
