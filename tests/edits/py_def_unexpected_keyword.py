def softmax_temperature(x, temperature=1.0):
    return x / temperature

print(softmax_temperature(2.0, temperature=0.5))
print(softmax_temperature(2.0, temp=0.5))
