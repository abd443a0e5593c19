#!/usr/bin/env bash
# Benchmarks/dmg-build: a DMG of the Swift toolchain's lib/swift/linux (real binaries, ~150 MB) in
# every format, on one core and on all cores, beside gzip -6, bzip2 -9, xz -6 and pigz on a tar of
# the same tree. TREE=<folder> measures another tree; RUNS=<n> takes the best of n runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
swift_root="$(dirname "$(dirname "$(command -v swift)")")"
tree="${TREE:-$swift_root/lib/swift/linux}"
work="${TMPDIR:-/tmp}/shipyard-bench-dmg"
mkdir -p "$work"
swift build -c release --product shipyard --package-path "$root" >/dev/null
python3 "$here/bench.py" --tree "$tree" --shipyard "$root/.build/release/shipyard" --work "$work" --runs "${RUNS:-1}"
