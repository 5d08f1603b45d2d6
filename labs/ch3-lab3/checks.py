import numpy as np

# The checks of this lab's exercises (lab.json "exercises"). They read the learner's values as
# globals and recompute the weights from Q, K and d_k: `weights` is the result of the learner's
# code, and an edit could fake it.


def unmasked_weights():
    # Step 2 without the mask: scaled scores, then a softmax per row.
    scores = Q @ K.T / np.sqrt(d_k)
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    return w / w.sum(axis=1, keepdims=True)


def check_self_share(answer):
    # The question is about the weights the step prints with the mask off.
    if causal:
        return "mask_on"
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return "not_number"
    # The printed table is rounded to 2 places: any value within half of its last digit passes.
    if abs(value - unmasked_weights()[0, 0]) <= 0.005 + 1e-9:
        return True
    return "not_it"


def check_seven_words():
    # weights is Q @ K.T, so its shape is (rows of Q, rows of K).
    if Q.shape[0] != 7 or K.shape[0] != 7:
        return ("length", {"q_rows": Q.shape[0], "k_rows": K.shape[0]})
    return True


def check_first_row(answer):
    # A question about the idea: only the choice counts. a is right.
    if answer == "a":
        return True
    if answer == "b":
        # Show how little word 0 looks at itself when nothing is masked.
        return ("choice_b", {"self_share": round(float(unmasked_weights()[0, 0]), 2)})
    if answer == "c":
        return "choice_c"
    if answer == "d":
        return "choice_d"
    return "no_choice"
