import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

np.random.seed(0)
d = 8     # 층의 너비: W 는 d × d
r = 2     # LoRA 의 rank: 어댑터가 지나는 좁은 통로의 폭

# 미리 학습된 가중치. 미세조정하는 동안 얼려 두고 건드리지 않는다
W = np.random.randn(d, d)
# 새로 학습할 두 조각: A 는 작은 무작위 값, B 는 0 에서 출발한다
A = np.random.randn(r, d) * 0.01
B = np.zeros((d, r))
print("W", W.shape, " A", A.shape, " B", B.shape)

# B 가 0 이라 B @ A 도 0: 처음의 층은 원래 층과 똑같다
print("B @ A 의 가장 큰 절댓값:", np.abs(B @ A).max())
print("W + B @ A 가 W 와 같은가:", (W + B @ A == W).all())

full = W.size            # 전체를 미세조정하면 d·d 개
lora = A.size + B.size   # LoRA 는 r·d + d·r = 2·d·r 개
print(f"학습할 파라미터  전체: {full}개, LoRA: {lora}개 ({lora / full:.1%})")
