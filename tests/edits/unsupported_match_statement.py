# expect: unsupported
command = "run"
match command:
    case "run":
        print("running")
    case _:
        print("?")
