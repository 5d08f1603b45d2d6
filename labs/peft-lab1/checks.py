import numpy as np

# The checks of this lab's exercises (lab.json "exercises"). They read the learner's values as
# globals and count from d, r and d_model themselves: `full` and `lora` are the learner's code,
# and an edit could fake them.


def check_ten_percent():
    # LoRA trains r·d numbers in A and d·r in B; full fine-tuning trains the d·d of W.
    lora = 2 * d * r
    full = d * d
    # 10 % or less, in integers: 10·lora <= full is exact where 0.1 * full is not.
    if 10 * lora <= full:
        return True
    return ("too_many", {"share": f"{lora / full:.1%}", "lora": lora, "full": full})


# The layer of the question: as wide as one layer of a 7-billion-parameter LLaMA, rank 8.
BIG_D = 4096
BIG_R = 8


def as_number(answer):
    # "65,536", "65 536" and "65536.0" all read as 65536.
    text = str(answer).replace(",", "").replace("_", "").replace(" ", "").strip()
    try:
        return float(text)
    except ValueError:
        return None


def check_llm_layer(answer):
    value = as_number(answer)
    if value is None:
        return "not_number"
    if value == 2 * BIG_D * BIG_R:
        return True
    if value == BIG_D * BIG_R:
        return "one_side"
    if value == BIG_D * BIG_D:
        return "full"
    # The r = 8 row of step 3's table at the learner's own d_model, when that is not 4096.
    if d_model != BIG_D and value == 2 * d_model * BIG_R:
        return ("other_width", {"d_model": d_model})
    return "not_it"
