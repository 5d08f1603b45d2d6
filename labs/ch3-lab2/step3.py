import matplotlib.pyplot as plt

plt.rcParams["axes.unicode_minus"] = False   # 음수 부호를 글꼴과 상관없이 그린다

x = np.arange(len(s))                 # 낱말 번호 0, 1, 2, ...
fig, ax = plt.subplots(figsize=(7, 3.2))
# 두 묶음을 0.2 씩 좌우로 비켜 세워 나란히 놓는다
ax.bar(x - 0.2, before, width=0.4, label="나누기 전", color="#264653")
ax.bar(x + 0.2, after, width=0.4, label="√d_k 로 나눈 뒤", color="#e9c46a")
ax.set_xlabel("Key 낱말 번호")
ax.set_ylabel("softmax 비율")
ax.set_title(f"d_k = {d_k} 에서 √d_k 로 나누기 전과 후")
ax.legend()
plt.tight_layout()
plt.show()
