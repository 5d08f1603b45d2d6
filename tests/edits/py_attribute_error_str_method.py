name = "query"
print(name.upper())
print(name.uppercase())
