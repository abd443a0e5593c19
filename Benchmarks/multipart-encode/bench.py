"""Side-by-side multipart encoding benchmark: whole processes, one warm file, best of N runs.

Each contender streams one file part to /dev/null; the table shows throughput (file bytes per
second), peak memory, and our speed as a ratio of each peer's. Whole processes are timed, so
start-up counts: about 12 ms for shipyard (Foundation and FoundationNetworking are loaded), about
1 ms for dd and Go, which is about 9% of a 1 GiB run at 8 GB/s.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import measure  # noqa: E402


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--file", required=True)
    options.add_argument("--shipyard", required=True)
    options.add_argument("--go", required=True)
    options.add_argument("--runs", type=int, default=3)
    arguments = options.parse_args()
    size = os.path.getsize(arguments.file)
    here = os.path.dirname(os.path.abspath(__file__))
    contenders = {
        "dd bs=1M (read only)": ["dd", f"if={arguments.file}", "of=/dev/stdout", "bs=1M", "status=none"],
        "shipyard form encode": [arguments.shipyard, "form", "encode", "-F", f"file=@{arguments.file}"],
        "Go multipart.Writer": [arguments.go, arguments.file],
        "requests-toolbelt": [sys.executable, os.path.join(here, "toolbelt_encode.py"), arguments.file],
    }
    # Warm the page cache.
    subprocess.run(["cat", arguments.file], stdout=subprocess.DEVNULL, check=True)
    results = {}
    for name, command in contenders.items():
        seconds, peak_kib = measure(command, arguments.runs)
        results[name] = (size / seconds, peak_kib)
    ours = results["shipyard form encode"][0]
    print(f"multipart-encode: one {size / 2**30:.2f} GiB file part to /dev/null, best of {arguments.runs}")
    print(f"{'contender':<24} {'GB/s':>8} {'peak MiB':>9} {'shipyard / it':>14}")
    for name, (rate, peak_kib) in results.items():
        print(f"{name:<24} {rate / 1e9:>8.2f} {peak_kib / 1024:>9.1f} {ours / rate:>14.2f}")
    dd_ratio = ours / results["dd bs=1M (read only)"][0]
    go_ratio = ours / results["Go multipart.Writer"][0]
    toolbelt_ratio = ours / results["requests-toolbelt"][0]
    print(f"goals: >= 0.90 of dd: {dd_ratio:.2f} {'met' if dd_ratio >= 0.9 else 'MISSED'}; "
          f">= Go: {go_ratio:.2f} {'met' if go_ratio >= 1 else 'MISSED'}; "
          f"well ahead of requests-toolbelt: {toolbelt_ratio:.2f}x")


main()
