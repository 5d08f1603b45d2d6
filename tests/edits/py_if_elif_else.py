# Grading a score with if/elif/else
def grade(score):
    if score >= 0.9:
        return "A"
    elif score >= 0.7:
        return "B"
    elif score >= 0.5:
        return "C"
    else:
        return "F"

for s in [0.95, 0.7, 0.69, 0.5, 0.1]:
    print(s, grade(s))
