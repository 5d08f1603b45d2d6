# An else indented by 2 where the if used 4
for d_k in [4, 16]:
    if d_k > 8:
        print("big")
  else:
        print("small")
