print("printed")
