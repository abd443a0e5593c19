"""Shared helpers for the side-by-side benchmarks: timing whole processes and their memory."""
import os
import subprocess
import time


def measure(command, runs, stdout=None):
    """Best wall time of `command` over `runs`, and its peak RSS in KiB from one more run.

    Memory is measured apart, under /usr/bin/time: a child's ru_maxrss counts the Python parent
    it was forked from. `stdout` is a path to write standard output to (default: /dev/null).
    """
    best = None
    for _ in range(runs):
        with open(stdout or os.devnull, "wb") as sink:
            start = time.perf_counter()
            subprocess.run(command, stdout=sink, stderr=subprocess.DEVNULL, check=True)
            elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    with open(stdout or os.devnull, "wb") as sink:
        timed = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=sink,
                               stderr=subprocess.PIPE, check=True, text=True)
    peak = int(timed.stderr.strip().splitlines()[-1])
    return best, peak
