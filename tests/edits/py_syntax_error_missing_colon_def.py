def softmax(x)
    return x
