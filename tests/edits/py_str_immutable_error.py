word = "cat"
word[0] = "b"
