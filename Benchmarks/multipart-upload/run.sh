#!/usr/bin/env bash
# Benchmarks/multipart-upload: posts a 1 GiB file as a form to a loopback sink with shipyard
# (release build) beside curl -F, and prints throughput, peak memory and ratios.
# Needs: curl (bash .ci/run installs it). SIZE_MIB changes the size; BASELINE=<shipyard> adds an
# older build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/shipyard-bench-upload"
mkdir -p "$work"
size_mib="${SIZE_MIB:-1024}"

swift build -c release --product shipyard --package-path "$root" >/dev/null
if [ ! -f "$work/big.bin" ] || [ "$(stat -c %s "$work/big.bin")" -ne $((size_mib << 20)) ]; then
  head -c $((size_mib << 20)) /dev/urandom > "$work/big.bin"
fi
python3 "$here/bench.py" --file "$work/big.bin" --shipyard "$root/.build/release/shipyard" \
  ${BASELINE:+--baseline "$BASELINE"} --runs "${RUNS:-3}"
