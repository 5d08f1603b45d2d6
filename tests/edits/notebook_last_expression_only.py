# Only the last line's value is shown; a value in the middle is dropped
x = 3
x * 2
x + 1
