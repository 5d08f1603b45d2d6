lambda = 0.5
