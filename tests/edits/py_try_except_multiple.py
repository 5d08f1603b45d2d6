for value in ["3", "x", None, "0"]:
    try:
        print(10 / int(value))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, "->", e)
    except ZeroDivisionError:
        print("zero!")
