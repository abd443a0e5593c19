#!/usr/bin/env bash
# Benchmarks/pkg-build: `shipyard pkg build --component` of a tree beside `tar | gzip -6` and
# `cpio -o -H odc | gzip -6` (the payload's own format) over the same tree, each pinned to one
# core, timed whole (wall, user + system CPU, peak RSS) in rounds. FILES=<n> builds n generated
# files of 1-4 KiB (100000 by default); HUGE_GIB=<n> one n-GiB file of random bytes instead (needs
# 3n GiB of free disk); TREE=<folder> a tree of your own. RUNS=<n> takes the best of n rounds.
# ALL_CORES=1 runs each on every core instead, with tar | pigz -6 beside them (apt install pigz).
# Every package is then read back by 7-Zip (`7zz t`), and, below 1 GiB of content, by the Python
# reader of the tests (Tests/InstallerPackageTests/Peers/check_pkg.py).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/shipyard-bench-pkg"
mkdir -p "$work"
swift build -c release --product shipyard --package-path "$root" >/dev/null
python3 "$here/bench.py" --shipyard "$root/.build/release/shipyard" --work "$work" \
  --runs "${RUNS:-1}" ${ALL_CORES:+--all-cores} ${TREE:+--tree "$TREE"} ${HUGE_GIB:+--huge-gib "$HUGE_GIB"} \
  --files "${FILES:-100000}" --checker "$root/Tests/InstallerPackageTests/Peers/check_pkg.py"
