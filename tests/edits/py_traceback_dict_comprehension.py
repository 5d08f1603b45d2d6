# a dict comprehension fails inside its own frame
inverse = {k: 1 / k for k in [2, 1, 0]}
