total = 10
total += 5
total -= 3
total *= 2
print(total)
total /= 4
print(total)
total //= 2
total **= 2
total %= 5
print(total)
words = ["a"]
words += ["b"]
words *= 2
text = "ab"
text += "c"
print(words, text)
