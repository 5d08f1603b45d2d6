import numpy as np
import pandas as pd

def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()

np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)
keys = np.random.randn(8, d_k)
s = keys @ q
before = softmax(s)
after = softmax(s / np.sqrt(d_k))
print("가장 큰 비율  나누기 전:", before.max().round(3), " 나눈 뒤:", after.max().round(3))
# %%
import matplotlib.pyplot as plt

plt.rcParams["axes.unicode_minus"] = False
x = np.arange(len(s))
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.bar(x - 0.2, before, width=0.4, label="나누기 전", color="#264653")
ax.bar(x + 0.2, after, width=0.4, label="√d_k 로 나눈 뒤", color="#e9c46a")
ax.set_xlabel("Key 낱말 번호")
ax.set_ylabel("softmax 비율")
ax.set_title(f"d_k = {d_k} 에서 √d_k 로 나누기 전과 후")
ax.legend()
plt.tight_layout()
plt.show()
