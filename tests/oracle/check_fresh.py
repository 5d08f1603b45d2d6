"""The golden files hold what real NumPy/pandas print (and what Python's own parser makes of the
parser cases), not what our code printed, and the C++ tables generated from NumPy (such as
core/src/python/np_frames.inc) are what NumPy has: regenerate each one with this machine's
Python, NumPy and pandas into a scratch folder and require byte-identical files.

    /usr/bin/python3 tests/oracle/check_fresh.py

The golden files were made on an AVX512_SKX CPU, where NumPy computes float64 exp, log and power
with SVML (the core's default; tests/differential/oracle_cpu.py). On another CPU this NumPy gives
other last bits for some of those, so a file that differs there is reported as not checkable on
this CPU rather than failed; every other file must still be byte-identical.
"""
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "differential"))
import oracle_cpu  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")


def main():
    stale = 0
    unchecked = 0
    avx512 = oracle_cpu.has_avx512_skx()
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
            if not same and not avx512:
                print(f"  {name}: differs from this CPU's NumPy (no AVX512_SKX): checked only on AVX512_SKX")
                unchecked += 1
                continue
            print(f"  {name}: {'fresh' if same else 'DIFFERS from what the oracle prints now'}")
            stale += not same
    print(f"golden freshness: {len(produced) - stale - unchecked} passed, {stale} failed, "
          f"{unchecked} not checkable on this CPU")
    return 1 if stale or not produced else 0


if __name__ == "__main__":
    sys.exit(main())
