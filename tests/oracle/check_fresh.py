"""The golden files hold what real NumPy/pandas print (and what Python's own parser makes of the
parser cases), not what our code printed, and the C++ tables generated from NumPy (such as
core/src/python/np_frames.inc) are what NumPy has: regenerate each one with this machine's
Python, NumPy and pandas into a scratch folder and require byte-identical files.

    /usr/bin/python3 tests/oracle/check_fresh.py
"""
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")


def main():
    stale = 0
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, TLAB_GOLDEN_DIR=scratch)
        for script in sorted(glob.glob(os.path.join(HERE, "gen_*.py"))):
            subprocess.run([sys.executable, script], env=env, check=True, stdout=subprocess.DEVNULL)
        produced = sorted(os.listdir(scratch))
        for name in produced:
            kept = os.path.join(GOLDEN, name)
            if not os.path.exists(kept):  # generated C++ tables live beside the code that includes them
                kept = os.path.join(HERE, "..", "..", "core", "src", "python", name)
            with open(os.path.join(scratch, name), "rb") as a, open(kept, "rb") as b:
                same = a.read() == b.read()
            print(f"  {name}: {'fresh' if same else 'DIFFERS from what the oracle prints now'}")
            stale += not same
    print(f"golden freshness: {len(produced) - stale} passed, {stale} failed")
    return 1 if stale or not produced else 0


if __name__ == "__main__":
    sys.exit(main())
