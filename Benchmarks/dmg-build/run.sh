#!/usr/bin/env bash
# Benchmarks/dmg-build: a DMG of the Swift toolchain's lib/swift/linux (real binaries, ~150 MB) in
# every format, on one core and on all cores, beside gzip -6, libdeflate-gzip -6, pigz -6, bzip2 -9
# and xz -6 on a tar of the same tree (apt-get install libdeflate-tools pigz), then dmg inspect of
# the UDZO image. TREE=<folder> measures another tree; RUNS=<n> takes the best of n runs;
# BASELINE=<older shipyard> adds its dmg inspect of the same image (before/after); FORMATS=UDZO
# builds UDZO only (and leaves bzip2 and xz out). FILES=<n> runs the many-files row instead: n
# generated files of 1-4 KiB (100000; 1000000 for the scaling check), UDZO on HFS+ and APFS on one
# core beside tar | gzip -6 and tar | libdeflate-gzip -5 (the tree is kept in the work folder).
# HUGE_GIB=<n> runs the huge-file row instead: one n-GiB file of random bytes (6) beside a 256 MiB
# one, UDZO on one core, MB/s and the ratio (needs 2n GiB of free disk).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
swift_root="$(dirname "$(dirname "$(command -v swift)")")"
tree="${TREE:-$swift_root/lib/swift/linux}"
work="${TMPDIR:-/tmp}/shipyard-bench-dmg"
mkdir -p "$work"
swift build -c release --product shipyard --package-path "$root" >/dev/null
python3 "$here/bench.py" ${FILES:+--files "$FILES"} ${HUGE_GIB:+--huge-gib "$HUGE_GIB"} --tree "$tree" --shipyard "$root/.build/release/shipyard" --work "$work" --runs "${RUNS:-1}" \
  ${BASELINE:+--baseline "$BASELINE"} ${FORMATS:+--formats "$FORMATS"}
