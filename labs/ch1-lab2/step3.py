def softmax(z):
    # 가장 큰 점수를 먼저 빼 두면 exp 가 넘치지 않는다(결과는 같다)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    # 마지막 축의 합으로 나누어 합이 1 인 비율로 만든다
    return e / e.sum(axis=-1, keepdims=True)

z = np.array([2.0, 1.0, 0.1])   # 클래스별 점수(logit)
p = softmax(z)
print("점수 z     :", z)
print("e^z        :", np.round(np.exp(z), 2))
print("확률 p     :", np.round(p, 2))
print("확률의 합  :", p.sum())
