# Lists are indexed from 0, so the last index is len - 1
words = ["the", "cat", "sat"]
print(words[0], words[-1], len(words))
print(words[3])
