# A font this machine does not have: matplotlib falls back (its warning is not compared)
import matplotlib.pyplot as plt
plt.rcParams["font.family"] = "Malgun Gothic"
fig, ax = plt.subplots(figsize=(4, 2))
ax.bar([0, 1], [0.3, 0.7], label="나누기 전")
ax.set_title("한글 제목")
ax.legend()
plt.tight_layout()
plt.show()
