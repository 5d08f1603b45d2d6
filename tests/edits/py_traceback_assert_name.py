# assert on a plain name: the whole statement, no carets
ready = []
assert ready, "nothing ready"
