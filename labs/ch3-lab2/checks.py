import numpy as np

# The checks of this lab's exercises (lab.json "exercises"). They read the learner's values as
# globals and draw no random numbers: what needs a draw is a constant below, computed once in
# real Python.


def check_divide_by_d_k():
    # Step 1's table is all there is to read: the loop's pairs are gone. Its two columns must
    # agree with each other, row by row: the spread after dividing is the spread before / d_k.
    for r in rows:
        d_k = r["d_k"]
        before = r["점수 표준편차"]
        after = r["나눈 뒤 표준편차"]
        # Both columns are rounded to 2 places, which moves each by up to 0.005.
        slack = 0.005 + 0.005 / d_k + 1e-9
        if abs(after - before / d_k) > slack:
            expected = round(float(before / d_k), 2)
            if abs(after - before / np.sqrt(d_k)) <= slack:
                return ("still_sqrt", {"d_k": d_k, "after": after, "expected": expected})
            return ("off", {"d_k": d_k, "after": after, "expected": expected})
    return True


# The largest share before dividing (before.max() of step 2) at the textbook seed 7 and 8 keys,
# for each d_k of the exercise. A check may not draw random numbers, so they were computed once
# by running the textbook step 2 in real Python (NumPy 1.24):
#   /usr/bin/python3 -c 'import numpy as np
#   for d_k in [4, 16, 64, 256]:
#       np.random.seed(7); q = np.random.randn(d_k); s = np.random.randn(8, d_k) @ q
#       e = np.exp(s - s.max()); print(d_k, repr((e / e.sum()).max()))'
# tests/differential/check_exercises.py computes them again from step2.py and compares (this
# folder's probes.json, "constants").
SHARP_SHARES = {4: 0.6515256996906994, 16: 0.5890543284041124, 64: 0.9999043257125458,
                256: 0.8588104239208469}


def check_sharp_d_k(answer):
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return "not_number"
    # The smallest d_k of the list whose share passes 0.99 (not the largest: 256 falls short).
    sharp = min([d for d in SHARP_SHARES if SHARP_SHARES[d] > 0.99])
    if value == sharp:
        return True
    for d_k in SHARP_SHARES:
        if value == d_k:
            # Only 64 passes, so any other d_k of the list falls short. The share is rounded as
            # the step prints before.max().round(3).
            return ("not_past", {"d_k": d_k, "share": round(SHARP_SHARES[d_k], 3)})
    return ("not_in_list", {"value": answer.strip()})


def check_flatter(answer):
    # A question about the idea: only the choice counts. b is right.
    if answer == "b":
        return True
    if answer == "a":
        return "choice_a"
    if answer == "c":
        return "choice_c"
    if answer == "d":
        return "choice_d"
    return "no_choice"
