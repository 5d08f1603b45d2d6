# Texts in the lab's code that follow its values, so that every line reads true whatever the
# learner chose. lab.json's "derived" entries call these with the params as NumPy arrays.


def matmul_comment(A, B):
    return f"{A.shape} @ {B.shape}: 가운데 두 수가 같으면 결과는 바깥 두 수 {(A.shape[0], B.shape[1])}"


def shape_note(A, B):
    return f"→ {(A.shape[0], B.shape[1])}"


def written(x):
    # an element as it is written in the code, in parentheses when negative: 2, (-1.5)
    text = repr(x)
    return "(" + text + ")" if text.startswith("-") else text


def dot_note(u, v):
    if len(u) != len(v):
        return "→ 같은 자리끼리 곱해 모두 더한 값"
    a, b = u.tolist(), v.tolist()
    terms = [written(a[k]) + "×" + written(b[k]) for k in range(len(a))]
    if len(terms) > 4:
        terms = [terms[0], terms[1], "…", terms[-1]]
    return "→ " + " + ".join(terms) + " = " + str(np.dot(u, v))


def sign_note(value):
    if value == 0:
        return "→ 0 이 나옵니다"
    if value > 0:
        return "→ 양수가 나옵니다"
    return "→ 음수가 나옵니다"
