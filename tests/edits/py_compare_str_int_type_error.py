# Ordering between str and int is not defined
threshold = "5"
for v in [3, 7]:
    if v > threshold:
        print(v)
