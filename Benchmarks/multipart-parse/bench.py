"""Side-by-side multipart parsing: each contender parses the same body held in memory, fed in
64 KiB chunks, best of N runs timed inside its process (so start-up is left out); the table shows
throughput and our speed as a ratio of each peer's."""
import argparse, subprocess, sys

options = argparse.ArgumentParser()
options.add_argument("--folder", required=True)
options.add_argument("--boundary", required=True)
options.add_argument("--swift", required=True)
options.add_argument("--go", required=True)
options.add_argument("--runs", default="5")
arguments = options.parse_args()
here = sys.path[0]
for body in ["file", "crlf"]:
    path = f"{arguments.folder}/{body}.multipart"
    contenders = {
        "shipyard MultipartParser": [arguments.swift, path, arguments.boundary, arguments.runs],
        "Go mime/multipart": [arguments.go, path, arguments.boundary, arguments.runs],
        "python-multipart": [sys.executable, f"{here}/python_parse_bench.py", "python-multipart", path, arguments.boundary, arguments.runs],
        "werkzeug": [sys.executable, f"{here}/python_parse_bench.py", "werkzeug", path, arguments.boundary, arguments.runs],
    }
    results = {}
    for name, command in contenders.items():
        seconds, size = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
        results[name] = (float(seconds), int(size))
    sizes = {size for _, size in results.values()}
    assert len(sizes) == 1, f"contenders disagree on the part size: {results}"
    part = sizes.pop()
    total = __import__("os").path.getsize(path)
    ours = results["shipyard MultipartParser"][0]
    print(f"multipart-parse {body}: {total / 2**20:.0f} MiB body ({part} part bytes), 64 KiB chunks, best of {arguments.runs}")
    print(f"{'contender':<26} {'GB/s':>8} {'shipyard / it':>14}")
    for name, (seconds, _) in results.items():
        print(f"{name:<26} {total / seconds / 1e9:>8.2f} {seconds / ours:>14.2f}")
    fastest = min(seconds for name, (seconds, _) in results.items() if name != "shipyard MultipartParser")
    print(f"goal: ahead of the fastest peer: {fastest / ours:.2f} {'met' if ours < fastest else 'MISSED'}\n")
