#!/usr/bin/env bash
# Benchmarks/multipart-upload: posts a 1 GiB file as a form to a loopback sink with shipyard
# (release build) beside curl -F, and prints throughput, peak memory and ratios.
# Needs: curl (bash .ci/run installs it). SIZE_MIB changes the size; BASELINE=<shipyard> adds an
# older build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../random-file.sh" shipyard-bench-upload

python3 "$here/bench.py" --file "$work/big.bin" --shipyard "$root/.build/release/shipyard" \
  ${BASELINE:+--baseline "$BASELINE"} --runs "${RUNS:-3}"
