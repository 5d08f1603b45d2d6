# A line continuation with nothing after it
total = 1 + 2 + \\
