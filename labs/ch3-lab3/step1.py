import numpy as np
import matplotlib.pyplot as plt

np.random.seed(3)
seq_len = 5
d_model = 8
d_k = 4

# 낱말 seq_len 개, 낱말마다 길이 d_model 인 벡터: 한 행이 한 낱말
X = np.random.randn(seq_len, d_model)
# 같은 X 를 세 가지로 비춰 보는 가중치: Query, Key, Value
# (√d_model 로 나눠 두면 Q, K 의 값이 1 안팎에 머문다)
W_q = np.random.randn(d_model, d_k) / np.sqrt(d_model)
W_k = np.random.randn(d_model, d_k) / np.sqrt(d_model)
W_v = np.random.randn(d_model, d_k) / np.sqrt(d_model)

Q = X @ W_q
K = X @ W_k
V = X @ W_v
print("X", X.shape, "→ Q", Q.shape, " K", K.shape, " V", V.shape)
