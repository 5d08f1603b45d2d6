import numpy as np

# The checks of this lab's exercises (lab.json "exercises"). Each reads the learner's values as
# globals and recomputes what it judges from the inputs (A, B, u, v, z): a result the step
# printed or stored (C, p, softmax) is the learner's code, and an edit could fake it.


def check_square_a():
    # A @ A puts A's columns against A's rows, so the two counts must be the same.
    rows, cols = A.shape
    if rows != cols:
        return ("not_square", {"rows": rows, "cols": cols})
    # The step still computes A @ B: B needs as many rows as A has columns. (With the code as
    # written the step raises before any check; this is for a learner who edited it.)
    if B.shape[0] != cols:
        return ("b_rows", {"cols": cols, "b_rows": B.shape[0]})
    return True


def check_perpendicular():
    if len(u) != len(v):
        return ("lengths", {"n_u": len(u), "n_v": len(v)})
    # The zero vector is perpendicular to everything, so it answers nothing.
    if np.abs(u).max() == 0:
        return "zero_u"
    if np.abs(v).max() == 0:
        return "zero_v"
    # In floats: big integers would overflow int64, and decimals such as 0.1 leave a rounding
    # error of about 1e-16 times the vectors' lengths, which still counts as 0.
    uf, vf = u * 1.0, v * 1.0
    if abs(np.dot(uf, vf)) > 1e-9 * np.sqrt(np.dot(uf, uf) * np.dot(vf, vf)):
        return ("not_perpendicular", {"dot": np.dot(u, v)})
    return True


def check_confident():
    # With a single class its share is always 1: no choice has been made.
    if len(z) < 2:
        return "one_class"
    # A softmax of our own: the learner's softmax function and p are their code.
    e = np.exp(z - z.max())
    top = (e / e.sum()).max()
    if top > 0.9:
        return True
    return ("too_even", {"top": round(float(top), 3)})
