# A learner types a number with a unit
raw = "64 dims"
d_k = int(raw)
