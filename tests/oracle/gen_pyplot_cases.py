"""Writes tests/golden/pyplot_cases.json: what Debian's matplotlib 3.6 does with the course's
plotting code, for the kernel's pyplot module to match (tests/test_pyplot.cpp, [pyplot]).

Run with Debian's Python:  /usr/bin/python3 tests/oracle/gen_pyplot_cases.py

- "colors": matplotlib.colors.to_rgba then to_hex (keep_alpha, "ff" dropped as the figure JSON
  writes colours) of every named colour, the colour cycle, hex and grey forms, tuples, and the
  ValueError text of bad ones.
- "programs": small notebooks (cells split at "# %%") run by the notebook oracle
  (tests/oracle/run_notebook.py: what Jupyter records, figures as their figure JSON); object
  addresses are written as "0x?" (they differ from run to run).
- "scripts": the same kind of code as `python3 FILE.py` runs it: stdout, stderr, exit status.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
OUT = os.path.join(os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden")), "pyplot_cases.json")
ADDRESS = re.compile(r"\b0x[0-9a-f]+")

PRELUDE = "import numpy as np\nimport matplotlib\nimport matplotlib.pyplot as plt\n# %%\n"

# Each program is a notebook; its cells run in order in a fresh kernel.
PROGRAMS = {
    "lab_ch3_step3": """
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
# %%
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
""",
    "bar_default_colors": """
fig, ax = plt.subplots()
b1 = ax.bar([0, 1, 2], [3, 1, 2])
b2 = ax.bar([0, 1, 2], [1, 1, 1], bottom=[3, 1, 2])
print(b1, len(b2))
print(b1[0])
for r in b2:
    print(r.get_x(), r.get_y(), r.get_width(), r.get_height())
""",
    "bar_colors_alpha_edge": """
fig, ax = plt.subplots(figsize=(4, 3))
ax.bar([1, 2, 3, 4], [4, 3, 2, 1], width=0.5, color=["red", "C1"], alpha=0.5, align="edge", edgecolor="k")
ax.bar([5], [2], color=(0.1, 0.2, 0.3))
""",
    "bar_categorical": """
fig, ax = plt.subplots()
ax.bar(["cat", "dog", "bird"], [3, 5, 1], color="tab:green")
ax.set_ylabel("count")
fig
""",
    "barh": """
fig, ax = plt.subplots()
bars = ax.barh([1, 2, 3], [5, 6, 7], height=0.5, left=1, label="h")
ax.legend()
print(bars[1])
""",
    "grouped_bars": """
labels = ["a", "b", "c", "d"]
x = np.arange(4)
w = 0.25
fig, ax = plt.subplots(figsize=(6, 3))
for k, name in enumerate(["one", "two", "three"]):
    ax.bar(x + (k - 1) * w, np.arange(4) + k, width=w, label=name)
ax.set_xticks(x, labels)
ax.legend(loc="upper left")
ax.set_title("grouped")
""",
    "plot_formats": """
fig, ax = plt.subplots()
ax.plot([1, 2, 3], "o-")
ax.plot([3, 2, 1], "r--")
ax.plot([2, 2, 2], "g^")
ax.plot([1, 3, 1], "k:")
ax.plot([0, 1, 0], "C3s-.")
ax.plot([1, 1, 2], "red")
ax.plot([2, 1, 1], "0.5")
ax.plot([0, 0, 1], "1")
ax.plot([5, 4, 3], "#aabbcc")
""",
    "plot_xy_groups": """
x = np.linspace(0, 1, 5)
fig, ax = plt.subplots()
lines = ax.plot(x, x ** 2, "b", x, x ** 3, x, np.sqrt(x), "--")
print(len(lines))
for l in lines:
    print(l, l.get_color(), l.get_linestyle(), l.get_marker())
""",
    "plot_2d": """
y = np.arange(6).reshape(3, 2)
fig, ax = plt.subplots()
ax.plot(y)
ax.plot([0, 1, 2], y * 2, label="twice")
ax.legend()
""",
    "plot_kwargs": """
fig, ax = plt.subplots()
ax.plot([1, 2], [3, 4], color="purple", linewidth=3, linestyle="dashed", marker="s", label="a")
ax.plot([1, 2], [4, 3], c="#123456", lw=0.5, ls=":", label="b")
ax.plot([1, 2], [2, 2], "o", ls="-", label="c")
ax.legend()
""",
    "plot_redundant": """
fig, ax = plt.subplots()
ax.plot([1, 2], "r-", color="blue")
ax.plot([2, 1], "--", linestyle=":")
""",
    "plot_last_line": """
fig, ax = plt.subplots()
ax.plot([1, 2, 3])
# %%
fig, ax = plt.subplots()
ax.plot([1, 2], [1, 2], [1, 2], [2, 1])
# %%
fig, ax = plt.subplots()
ax.plot([1, 2, 3]);
""",
    "hlines_text": """
fig, ax = plt.subplots()
ax.axhline(0.5)
ax.axvline(2, color="r", linestyle="--")
ax.axhline(y=1, xmin=0.25, xmax=0.75, color="gray", lw=1)
t = ax.text(1, 2, "hi")
ax.text(0.5, 0.5, "centre", ha="center", va="center", color="C2", fontsize=12)
print(t)
""",
    "ticks_labels": """
fig, ax = plt.subplots()
ax.plot([0, 1, 2, 3], [1, 4, 9, 16])
print(ax.set_xticks([0, 1, 2, 3], labels=["zero", "one", "two", "three"]))
print(ax.get_xticklabels())
ax.set_yticks([0, 5, 10, 15])
print(ax.get_yticklabels())
""",
    "ticks_then_labels": """
fig, ax = plt.subplots()
ax.bar(np.arange(3), [2, 3, 1])
ax.set_xticks(np.arange(3))
print(ax.set_xticklabels(["A", "B", "C"]))
ax.set_title("labels")
""",
    "ticks_minus": """
fig, ax = plt.subplots()
ax.plot([-2, 2], [-1, 1])
ax.set_xticks([-2, -1, 0, 1, 2])
ax.set_yticks([-1.0, -0.5, 0.0, 0.5, 1.0])
print(ax.get_xticklabels())
# %%
plt.rcParams["axes.unicode_minus"] = False
fig, ax = plt.subplots()
ax.plot([-2, 2], [-1, 1])
ax.set_xticks([-2, -1, 0, 1, 2])
print(ax.get_xticklabels())
""",
    "ticks_fractions": """
fig, ax = plt.subplots()
ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
ax.set_yticks([0.001, 0.002, 0.003])
print(ax.get_xticklabels(), ax.get_yticklabels())
""",
    "ticks_outside_data": """
fig, ax = plt.subplots()
ax.set_xticks([0, 5, 10])
ax.plot([0, 1, 2])
# %%
fig, ax = plt.subplots()
ax.plot([0, 1, 2])
ax.set_xticks([0, 5, 10])
""",
    "limits": """
fig, ax = plt.subplots()
ax.plot([1, 2, 3])
print(ax.set_xlim(0, 5))
print(ax.set_ylim((10, -1)))
print(ax.set_xlim(left=-1, right=3))
print(ax.get_xlim(), ax.get_ylim())
# %%
fig, ax = plt.subplots()
print(ax.set_ylim(ymin=0, ymax=2))
print(ax.set_xlim([2, 2]))
""",
    "limits_then_ticks": """
fig, ax = plt.subplots()
ax.set_xlim(0, 1)
ax.set_xticks([0, 0.5, 1, 2])
ax.set_ylim(0, 10)
ax.set_yticks([2, 4, 6])
ax.set_ylim(3, 10)
""",
    "hist": """
np.random.seed(0)
data = np.random.randn(200)
fig, ax = plt.subplots()
n, bins, patches = ax.hist(data, bins=8, label="normal")
print(n)
print(bins)
print(patches)
ax.legend()
# %%
fig, ax = plt.subplots()
ax.hist([1, 2, 2, 3, 3, 3, 10])
# %%
fig, ax = plt.subplots()
ax.hist([0.5, 0.5, 1.5, 4.0], bins=4, density=True, color="orange", rwidth=0.8)
""",
    "imshow_colorbar": """
a = np.arange(12).reshape(3, 4) / 11
fig, ax = plt.subplots()
im = ax.imshow(a, cmap="Blues")
cb = fig.colorbar(im, ax=ax)
cb.set_label("value")
ax.set_title("heat")
print(fig)
print(len(fig.axes), cb.ax.get_ylabel())
""",
    "imshow_pyplot": """
w = np.array([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]])
plt.imshow(w, vmin=0, vmax=1)
plt.colorbar()
plt.xticks([0, 1, 2], ["I", "love", "you"])
plt.yticks([0, 1, 2], ["I", "love", "you"])
plt.title("attention")
""",
    "imshow_origin_extent": """
fig, ax = plt.subplots()
ax.imshow([[1, 2], [3, 4]], origin="lower")
fig2, ax2 = plt.subplots()
ax2.imshow(np.eye(3), extent=(0, 3, 0, 1), cmap="gray_r")
ax2.axis("off")
print(ax.get_xlim(), ax.get_ylim())
""",
    "imshow_with_nan": """
a = np.array([[1.0, np.nan], [np.inf, -2.0]])
fig, ax = plt.subplots()
im = ax.imshow(a)
print(im)
""",
    "legend_none": """
fig, ax = plt.subplots()
ax.plot([1, 2])
ax.legend()
""",
    "legend_labels": """
fig, ax = plt.subplots()
ax.plot([1, 2])
ax.plot([2, 1])
ax.bar([0], [1])
ax.legend(["first", "second", "third", "fourth"])
# %%
fig, ax = plt.subplots()
l1, = ax.plot([1, 2], label="one")
l2, = ax.plot([2, 1], label="two")
ax.legend([l2, l1], ["TWO", "ONE"])
# %%
fig, ax = plt.subplots()
l1, = ax.plot([1, 2], label="one")
b = ax.bar([0, 1], [1, 2], label="bars")
ax.legend(handles=[b, l1])
print(ax.get_legend())
""",
    "legend_order": """
fig, ax = plt.subplots()
ax.bar([0, 1], [1, 2], label="bars")
ax.plot([0, 1], [2, 1], label="line")
ax.axhline(1.5, label="level")
leg = ax.legend()
print([t.get_text() for t in leg.get_texts()])
""",
    "pyplot_state": """
x = np.arange(5)
plt.plot(x, x ** 2, label="square")
plt.plot(x, x, "k--", label="identity")
plt.title("state machine")
plt.xlabel("x")
plt.ylabel("y")
plt.legend()
plt.grid(True)
plt.show()
""",
    "pyplot_bar_xticks": """
plt.figure(figsize=(5, 2))
plt.bar(["x", "y"], [1, 2])
print(plt.xticks())
plt.ylim(0, 3)
""",
    "pyplot_xticks_return": """
plt.plot([0, 1, 2])
plt.xticks([0, 1, 2])
# %%
plt.plot([0, 1, 2])
plt.xticks([0, 1, 2], ["a", "b", "c"], rotation=45)
""",
    "figure_add_subplot": """
fig = plt.figure(figsize=(8, 3))
ax1 = fig.add_subplot(121)
ax2 = fig.add_subplot(1, 2, 2)
ax1.plot([1, 2])
ax2.bar([1, 2], [2, 1])
print(ax1)
print(ax2)
print(fig)
""",
    "subplots_grid": """
fig, axs = plt.subplots(2, 2, figsize=(6, 6))
axs[0, 0].plot([1, 2])
axs[0, 1].bar([1, 2], [3, 4])
axs[1, 0].set_title("empty")
for k, ax in enumerate(axs.flat):
    ax.set_xlabel(f"x{k}")
fig.suptitle("grid")
print(axs.shape)
print(axs[1, 1])
axs
""",
    "subplots_row": """
fig, axs = plt.subplots(1, 3, figsize=(9, 3))
for ax, name in zip(axs, ["a", "b", "c"]):
    ax.set_title(name)
print(len(axs))
axs
""",
    "subplots_tuple_display": """
plt.subplots(2, 2)
# %%
plt.subplots(1, 2)
""",
    "subplot_state": """
plt.subplot(2, 1, 1)
plt.plot([1, 2, 3])
plt.title("top")
plt.subplot(2, 1, 2)
plt.bar([1, 2], [1, 2])
plt.subplot(211)
plt.ylabel("again top")
print(plt.gcf())
""",
    "reprs": """
fig, ax = plt.subplots(figsize=(7, 3.2))
print(fig)
print(repr(fig))
print(ax)
print(repr(ax))
print(ax.set_title("title"))
print(ax.set_xlabel("xl"))
print(ax.set_ylabel("yl"))
print(repr(ax))
print(ax.bar([1, 2], [3, 4]))
print(ax.plot([1, 2]))
print(ax.legend(["a"]))
print(type(ax).__name__, type(fig).__name__)
""",
    "display_values": """
fig, ax = plt.subplots()
ax.set_title("shown")
# %%
ax.set_title("again")
# %%
fig
# %%
fig, ax = plt.subplots()
fig
# %%
ax
# %%
fig, ax = plt.subplots()
ax.bar([1, 2], [3, 4])
# %%
fig, ax = plt.subplots()
ax.set_xticks([0, 1])
# %%
fig, ax = plt.subplots()
ax.legend(["x"])
""",
    "show_mid_cell": """
print("a")
fig, ax = plt.subplots(figsize=(3, 2))
print("b")
plt.show()
print("c")
plt.plot([1, 2])
""",
    "close": """
fig, ax = plt.subplots()
plt.close(fig)
# %%
fig1 = plt.figure()
fig2 = plt.figure()
plt.close("all")
# %%
plt.figure(figsize=(2, 2))
plt.figure(figsize=(3, 3))
plt.close()
# %%
plt.figure(figsize=(2, 2))
""",
    "two_figures": """
fig1, ax1 = plt.subplots(figsize=(3, 2))
fig2, ax2 = plt.subplots(figsize=(4, 2))
ax1.plot([1, 2])
ax2.plot([2, 1])
plt.figure(1)
plt.title("first again")
""",
    "error_then_figure": """
fig, ax = plt.subplots(figsize=(3, 2))
print("before")
1 / 0
""",
    "errors": """
fig, ax = plt.subplots()
ax.bar([1, 2])
# %%
fig, ax = plt.subplots()
ax.plot([1, 2], [3])
# %%
fig, ax = plt.subplots()
ax.bar([1, 2], [3, 4], color="blu")
# %%
fig, ax = plt.subplots()
ax.plot([1, 2], "q")
# %%
fig, ax = plt.subplots()
ax.set_xticks([0, 1], labels=["a"])
# %%
fig, ax = plt.subplots()
ax.imshow([1, 2, 3])
# %%
plt.subplots(0, 1)
# %%
fig, ax = plt.subplots()
ax.plot([1, 2], linestyle="foo")
# %%
fig, ax = plt.subplots()
ax.bar([1, 2], [3, 4, 5])
# %%
fig, ax = plt.subplots()
ax.plot([1, 2], marker="foo")
# %%
fig, ax = plt.subplots()
ax.set_title()
# %%
fig, ax = plt.subplots()
print(ax.bar([1, 2], [1, 2], width=[1, 2, 3]))
""",
    "error_cmap": """
fig, ax = plt.subplots()
ax.imshow([[1, 2]], cmap="nope")
""",
    "rcparams": """
plt.rcParams["figure.figsize"] = (8, 2.5)
plt.rcParams["font.size"] = 12
print(plt.rcParams["figure.figsize"], matplotlib.rcParams["font.size"])
# %%
fig, ax = plt.subplots()
print(fig)
# %%
plt.rcParams["figure.figsize"]
# %%
plt.rcParams.update({"lines.linewidth": 3, "lines.linestyle": "--"})
plt.plot([1, 2])
# %%
plt.rcParams["axes.unicode_minus"] = "no"
print(plt.rcParams["axes.unicode_minus"])
""",
    "rcparams_errors": """
plt.rcParams["font.size"] = "big"
# %%
plt.rcParams["figure.figsize"] = 8
# %%
plt.rcParams["axes.unicode_minus"] = "maybe"
""",
    "set_properties": """
fig, ax = plt.subplots()
print(ax.set(title="t", xlabel="x", ylabel="y", xlim=(0, 2)))
print(ax.get_title(), ax.get_xlabel(), ax.get_ylabel())
ax.plot([1, 10, 100])
""",
    "line_methods": """
fig, ax = plt.subplots()
l, = ax.plot([3, 1, 2], label="data")
print(l.get_label(), l.get_color(), l.get_linewidth())
l.set_color("orange")
l.set_label("renamed")
ax.legend()
print(l)
""",
    "size_inches": """
fig = plt.figure(figsize=(4.5, 2))
print(fig.get_size_inches())
fig.set_size_inches(6, 3)
print(fig, fig.dpi)
fig.add_subplot()
""",
    "invert_and_ticks": """
fig, ax = plt.subplots()
ax.imshow(np.arange(6).reshape(2, 3))
ax.invert_yaxis()
ax.set_xticks([0, 1, 2])
""",
    "empty_figure": """
fig = plt.figure(figsize=(2, 1))
print(fig)
""",
    "suptitle_subplots": """
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(6, 2.5))
ax1.bar(["a", "b"], [1, 2])
ax2.plot([1, 2, 3], [1, 4, 9], "o-")
ax2.set_xticks([1, 2, 3])
fig.suptitle("two panels")
plt.tight_layout()
""",
    "attention_heatmaps": """
np.random.seed(1)
scores = np.random.randn(4, 4)
weights = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)
tokens = ["the", "cat", "sat", "down"]
fig, axes = plt.subplots(1, 2, figsize=(8, 3.5))
for ax, m, name in zip(axes, [scores, weights], ["scores", "weights"]):
    im = ax.imshow(m, cmap="viridis")
    ax.set_xticks(range(4), tokens)
    ax.set_yticks(range(4), tokens)
    ax.set_title(name)
    fig.colorbar(im, ax=ax)
plt.show()
""",
    "softmax_lines": """
z = np.linspace(-3, 3, 7)
fig, ax = plt.subplots(figsize=(5, 3))
for t in [0.5, 1.0, 2.0]:
    p = np.exp(z / t) / np.exp(z / t).sum()
    ax.plot(z, p, marker="o", label=f"T = {t}")
ax.set_xlabel("score")
ax.set_ylabel("probability")
ax.legend()
ax.set_ylim(0, 1)
""",
    "autoscale_offsets": """
fig, ax = plt.subplots()
ax.plot([1e6, 1e6 + 5], [1e-7, 3e-7])
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks())
print(ax.get_yticklabels())
# %%
fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([-2.5, 40], [12345, 12346])
# %%
fig, ax = plt.subplots()
ax.bar([0, 1, 2], [-3e5, 2e5, 7e5])
""",
    "margins_and_bounds": """
fig, ax = plt.subplots()
ax.plot([0, 10], [0, 1])
print(ax.margins())
ax.margins(0)
print(ax.get_xlim(), ax.get_ylim())
ax.margins(0.2, 0.1)
print(ax.get_xlim(), ax.get_ylim())
ax.margins(y=-0.25)
print(ax.margins())
# %%
fig, ax = plt.subplots()
ax.plot([3, 3], [5, 5])
print(ax.get_xlim(), ax.get_ylim())
# %%
fig, ax = plt.subplots()
ax.set_xlim(left=2)
ax.plot([0, 5], [0, 5])
print(ax.get_xlim(), ax.get_ylim())
""",
    "invert_and_lines": """
fig, ax = plt.subplots()
ax.bar([0, 1, 2], [3, 1, 2])
ax.invert_yaxis()
print(ax.get_ylim())
ax.plot([0, 2], [4, 0])
print(ax.get_ylim())
# %%
fig, ax = plt.subplots()
ax.plot([0, 1], [0, 1])
ax.axhline(0.5)
print(ax.get_ylim())
ax.axhline(3, color="r")
print(ax.get_ylim())
ax.axvline(-1)
""",
    "ticklabels_on_auto": """
fig, ax = plt.subplots()
ax.plot([0, 1, 2, 3], [1, 0, 1, 0])
ax.set_xticklabels(["a", "b", "c"])
print(ax.get_xticks())
print(ax.get_xticklabels())
""",
    "imshow_drawn_aspect": """
fig, ax = plt.subplots()
im = ax.imshow(np.arange(16).reshape(2, 8))
fig.colorbar(im, orientation="horizontal")
# %%
fig, ax = plt.subplots(figsize=(5, 4))
im = ax.imshow(np.arange(20).reshape(10, 2) ** 2, cmap="magma")
cb = fig.colorbar(im, fraction=0.05, pad=0.02, shrink=0.8)
print(len(fig.axes))
# %%
fig, ax = plt.subplots()
ax.imshow(np.eye(4), aspect="auto")
# %%
fig, ax = plt.subplots()
ax.plot([0, 10], [0, 1])
ax.set_aspect("equal")
""",
    "subplots_adjust": """
fig, axs = plt.subplots(2, 1, figsize=(4, 3))
axs[0].plot([0, 100])
axs[1].bar([0, 1], [5, 6])
fig.subplots_adjust(left=0.3, bottom=0.2, hspace=0.6)
print(axs[0])
""",
    "tight_layout_grid": """
fig, axs = plt.subplots(2, 2, figsize=(8, 6))
for k, ax in enumerate(axs.flat):
    ax.plot(np.arange(10) * (k + 1))
    ax.set_title(f"panel {k}")
    ax.set_xlabel("step")
fig.suptitle("four")
plt.tight_layout()
""",
    "heatmap_tight_layout": """
w = np.array([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]])
fig, ax = plt.subplots(figsize=(4, 4))
im = ax.imshow(w, cmap="Blues", vmin=0, vmax=1)
fig.colorbar(im, ax=ax)
ax.set_xticks([0, 1, 2], ["I", "love", "you"])
ax.set_yticks([0, 1, 2], ["I", "love", "you"])
ax.set_title("weights")
plt.tight_layout()
""",
    "empty_and_show": """
fig, ax = plt.subplots()
plt.show()
# %%
fig, ax = plt.subplots()
ax.imshow(np.arange(6).reshape(2, 3))
plt.show()
""",
    "sqrt_dk_sweep": """
d_ks = [4, 16, 64, 256]
stds = [np.sqrt(d) for d in d_ks]
fig, ax = plt.subplots()
ax.plot(d_ks, stds, "o-", label="std")
ax.plot(d_ks, np.ones(4), "--", color="gray")
ax.set_xticks(d_ks)
ax.legend()
""",
    "bars_negative": """
fig, ax = plt.subplots()
ax.bar(np.arange(4), [1, -2, 3, -0.5], color=["g", "r", "g", "r"])
ax.axhline(0, color="black", linewidth=0.8)
""",
    "bar_label_list": """
fig, ax = plt.subplots()
ax.bar([1, 2], [3, 4], label=["left", "right"])
ax.legend()
""",
    "hist_return_display": """
fig, ax = plt.subplots()
ax.hist([1, 2, 2, 3, 5], bins=3)
""",
    "set_ticks_return_display": """
fig, ax = plt.subplots()
ax.plot([0, 1, 2, 3])
ax.set_xticks([0, 1, 2, 3])
# %%
ax.set_xticklabels(["a", "b", "c", "d"])
""",
    "gca_gcf": """
plt.plot([1, 2])
ax = plt.gca()
fig = plt.gcf()
print(ax, fig)
print(ax.figure is fig, fig.axes[0] is ax)
""",
    "colorbar_horizontal": """
fig, ax = plt.subplots()
im = ax.imshow([[0, 1], [1, 0]], cmap="coolwarm")
cb = plt.colorbar(im, orientation="horizontal", label="level")
print(cb.ax.get_xlabel() == "level")
""",
    "figure_number": """
f = plt.figure()
g = plt.figure(5)
print(f.number, g.number, plt.figure().number)
plt.close(5)
""",
}

SCRIPTS = {
    "script_show": """import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([1, 2])
print(ax.set_title("t"))
plt.show()
print(fig)
ax.legend()
fig
""",
    "script_error": """import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.bar([1, 2], [1, 2, 3])
""",
    "script_warning": """import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.set_xlim(1, 1)
ax.plot([1, 2], "r-", color="b")
print(ax.get_xlim())
""",
}


def colors():
    import matplotlib.colors as mc
    inputs = sorted(mc.CSS4_COLORS) + sorted(mc.TABLEAU_COLORS) + ["tab:grey"] + sorted(mc.BASE_COLORS)
    inputs += [f"C{k}" for k in range(13)] + ["C99"]
    inputs += ["RED", "Navy", "TAB:Blue", "#abc", "#ABCD", "#a1b2c3", "#A1B2C380", "none", "None", "0", "0.25",
               "1", "1.5", "-0.1", "R", "blu", "#12345", "c0", "", " red", "grey", "Gray", "lightgrey"]
    inputs += [[0.1, 0.2, 0.3], [1, 0, 0, 0.5], [0, 0, 0, 0], [True, False, 0], [2, 0, 0], [0.5, 0.5], ["a", 0, 0]]
    out = []
    for c in inputs:
        spec = tuple(c) if isinstance(c, list) else c
        try:
            h = mc.to_hex(mc.to_rgba(spec), keep_alpha=True)
            out.append({"in": c, "hex": h[:7] if h.endswith("ff") else h})
        except ValueError as e:
            out.append({"in": c, "error": str(e)})
    return out


def normalize(obj):
    if isinstance(obj, str):
        return ADDRESS.sub("0x?", obj)
    if isinstance(obj, list):
        return [normalize(x) for x in obj]
    if isinstance(obj, dict):
        return {k: normalize(v) for k, v in obj.items()}
    return obj


def run_script(source):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "prog.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        env = {"PATH": "/usr/bin:/bin", "MPLBACKEND": "agg", "HOME": tmp, "MPLCONFIGDIR": tmp}
        r = subprocess.run([sys.executable, path], capture_output=True, text=True, env=env, cwd=tmp)
        return {"stdout": r.stdout, "stderr": r.stderr.replace(path, "prog.py"), "exit": r.returncode}


def main():
    from run_notebook import NotebookOracle
    oracle = NotebookOracle()
    programs = []
    for name, body in PROGRAMS.items():
        source = PRELUDE + body.strip("\n") + "\n"
        result = oracle.run(source)
        programs.append({"name": name, "source": source, "cells": normalize(result["cells"])})
    scripts = [dict(name=name, source=src, **normalize(run_script(src))) for name, src in SCRIPTS.items()]
    import matplotlib
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"matplotlib": matplotlib.__version__, "colors": colors(), "programs": programs, "scripts": scripts},
                  f, ensure_ascii=False, indent=0, separators=(",", ":"))
        f.write("\n")
    print(f"{OUT}: {len(programs)} programs, {len(scripts)} scripts")


if __name__ == "__main__":
    main()
