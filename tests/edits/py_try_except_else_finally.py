def safe_divide(a, b):
    try:
        result = a / b
    except ZeroDivisionError as e:
        print("error:", e)
        result = None
    else:
        print("ok:", result)
    finally:
        print("done with", a, b)
    return result

print(safe_divide(1, 2))
print(safe_divide(1, 0))
