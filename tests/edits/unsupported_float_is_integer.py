# expect: unsupported
# float.is_integer exists in Python (np.float64 inherits it) but not in the kernel: refused
# rather than answered with an AttributeError Python would not raise. A name no built-in type
# has stays an AttributeError with its suggestion (see py_attribute_suggestions_builtin_types.py).
import numpy as np
score = np.float64(2.5)
try:
    print(score.real, score.imagg)
except AttributeError as e:
    print("AttributeError:", e)
print(score.is_integer())
