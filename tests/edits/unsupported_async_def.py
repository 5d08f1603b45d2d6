# expect: unsupported
async def fetch():
    return 1
print(fetch)
