"""What `python3 FILE.py` prints, for many files quickly: a fork server.

    /usr/bin/python3 tests/differential/script_server.py

reads one JSON request per line on stdin, {"path": "/abs/FILE.py", "timeout": 20}, and answers
each with one line {"stdout": ..., "stderr": ..., "exit": 1} (the bytes decoded as UTF-8 with
surrogateescape, so any byte round-trips; "exit" is negative for a signal, -14 on timeout).

A fresh `python3` spends most of a small program's time importing NumPy, pandas and matplotlib
(about 0.8 s of CPU here). This process imports them once, as a script would (no IPython, no
display: matplotlib settles on Agg), then forks a child per file that runs it as `__main__`,
with stdout and stderr on files, and reports like the interpreter does: an uncaught exception
through sys.excepthook (CPython's own printer) with exit status 1, SystemExit's status.
What a fork would share with its parent and a new interpreter would not is renewed in the child:
NumPy's global random state is reseeded from the OS, every warnings registry goes stale, and the
module code gets exactly the recursion headroom it has in a script (calibrated at start-up
against `python3 -c`). Not renewed: the string hash seed (sets of strings are outside the
subset). tests/differential/run_python_diff.py --oracle-only --real-python checks this process
against a real `python3 FILE.py` for each program.
"""
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import types
import warnings

DEPTH_PROBE = ("def _depth(n=1):\n    try:\n        return _depth(n + 1)\n"
               "    except RecursionError:\n        return n\nprint(_depth())\n")


def _depth(n=1):
    """How many more frames fit on the stack here (the same function as DEPTH_PROBE's)."""
    try:
        return _depth(n + 1)
    except RecursionError:
        return n


def _preload():
    # What nearly every program imports; a script that imports them gets these modules.
    import math  # noqa: F401
    import numpy  # noqa: F401
    import pandas  # noqa: F401
    import matplotlib.pyplot  # noqa: F401


def _exit_status(e):
    """Python's handling of an uncaught SystemExit (Modules/main.c, handle_system_exit)."""
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(str(code) + "\n")
    return 1


def _child(path, out_path, err_path, timeout, extra_frames):
    """Runs in the forked child; never returns."""
    status = 1
    try:
        signal.alarm(timeout)  # SIGALRM's default action ends the child: the parent sees it
        for fd, target, flags in ((0, os.devnull, os.O_RDONLY),
                                  (1, out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                  (2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
            opened = os.open(target, flags, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        import numpy as np
        np.random.seed()  # a new interpreter seeds its global RandomState from the OS
        warnings._filters_mutated()
        main = types.ModuleType("__main__")
        main.__file__ = path
        main.__cached__ = None
        main.__builtins__ = __builtins__
        sys.modules["__main__"] = main
        sys.argv = [path]
        sys.path[0] = os.path.dirname(path)
        with open(path, "rb") as f:
            source = f.read()
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(limit - _depth() + extra_frames)
        try:
            code = compile(source, path, "exec")
            exec(code, main.__dict__)
            status = 0
        except SystemExit as e:
            status = _exit_status(e)
        except BaseException:
            sys.setrecursionlimit(limit)
            etype, value, tb = sys.exc_info()
            # Our frame is not the program's: a script's traceback starts at its module code.
            # (The printer reads the exception's own __traceback__, so that is what is cut.)
            value.with_traceback(tb.tb_next if tb is not None else None)
            sys.excepthook(etype, value, value.__traceback__)
            status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(status)


class ForkRunner:
    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="tlab-script-")
        atexit.register(shutil.rmtree, self.tmp, True)
        self.out_path = os.path.join(self.tmp, "stdout")
        self.err_path = os.path.join(self.tmp, "stderr")
        # The headroom a script's module code has, and what a child gives it with 1000 frames
        # above its own call site (the rest is the child's frames down to the module code).
        script = subprocess.run([sys.executable, "-c", DEPTH_PROBE], capture_output=True,
                                text=True, check=True, env={"PATH": os.environ.get("PATH", "")})
        probe = os.path.join(self.tmp, "probe.py")
        with open(probe, "w") as f:
            f.write(DEPTH_PROBE)
        self.extra_frames = 1000
        self.extra_frames += int(script.stdout) - int(self.run(probe, 20)["stdout"])
        if self.run(probe, 20)["stdout"] != script.stdout:
            raise RuntimeError("the fork server cannot give a script's recursion headroom")

    def run(self, path, timeout):
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(path, self.out_path, self.err_path, timeout, self.extra_frames)
        _, wait_status = os.waitpid(pid, 0)
        result = {}
        for name, file in (("stdout", self.out_path), ("stderr", self.err_path)):
            with open(file, "rb") as f:
                result[name] = f.read().decode("utf-8", "surrogateescape")
        result["exit"] = os.waitstatus_to_exitcode(wait_status)
        return result


def main():
    _preload()
    runner = ForkRunner()
    for line in sys.stdin:
        request = json.loads(line)
        result = runner.run(os.path.abspath(request["path"]), int(request.get("timeout", 20)))
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
