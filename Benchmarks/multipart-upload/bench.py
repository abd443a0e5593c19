"""Side-by-side upload benchmark: one file posted as a form to a loopback sink, best of N runs.

Each contender sends one file part with an exact Content-Length to the same sink server; the
table shows throughput (file bytes per second), peak memory, and our speed as a ratio of curl's.
Whole processes are timed, start-up included.
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
    options.add_argument("--baseline", help="an older shipyard to compare with")
    options.add_argument("--runs", type=int, default=3)
    arguments = options.parse_args()
    size = os.path.getsize(arguments.file)
    here = os.path.dirname(os.path.abspath(__file__))
    server = subprocess.Popen([sys.executable, os.path.join(here, "sink_server.py")],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{server.stdout.readline().strip()}/"
        field = f"file=@{arguments.file}"
        contenders = {
            "curl -F": ["curl", "-sS", "-F", field, url],
            "shipyard form post": [arguments.shipyard, "form", "post", url, "-F", field,
                                   "--no-progress"],
        }
        if arguments.baseline:
            contenders["shipyard (baseline)"] = [arguments.baseline, "form", "post", url,
                                                 "-F", field, "--no-progress"]
        subprocess.run(["cat", arguments.file], stdout=subprocess.DEVNULL, check=True)
        results = {}
        for name, command in contenders.items():
            seconds, peak_kib = measure(command, arguments.runs)
            results[name] = (size / seconds, peak_kib)
    finally:
        server.kill()
    ours = results["shipyard form post"][0]
    print(f"multipart-upload: one {size / 2**30:.2f} GiB file part to a loopback sink, "
          f"best of {arguments.runs}")
    print(f"{'contender':<22} {'MB/s':>8} {'peak MiB':>9} {'shipyard / it':>14}")
    for name, (rate, peak_kib) in results.items():
        print(f"{name:<22} {rate / 1e6:>8.0f} {peak_kib / 1024:>9.1f} {ours / rate:>14.2f}")
    ratio = ours / results["curl -F"][0]
    memory = results["shipyard form post"][1] / 1024
    print(f"goals: >= 0.90 of curl -F: {ratio:.2f} {'met' if ratio >= 0.9 else 'MISSED'}; "
          f"peak under 64 MiB: {memory:.0f} {'met' if memory < 64 else 'MISSED'}")


main()
