def parse(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError("could not parse the size") from e

print(parse("12"))
parse("twelve")
