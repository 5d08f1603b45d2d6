text = "  Query, Key, Value  "
print(repr(text.strip()), text.lower(), text.upper(), text.replace("Key", "K"))
parts = text.strip().split(", ")
print(parts, "|".join(parts), " ".join(["a", "b"]), "".join(reversed("abc")))
print("attention".startswith("att"), "attention".startswith("tion"), "a,b,,c".split(","))
print("  x y  z ".split(), "line1\nline2".split("\n"), "{}-{}".format("a", "b"))
print("x".join("123"), "softmax".replace("max", "min"), "MiXeD".lower())
