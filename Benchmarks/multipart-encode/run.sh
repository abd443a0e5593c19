#!/usr/bin/env bash
# Benchmarks/multipart-encode: streams a 1 GiB file part to /dev/null with shipyard (release
# build), beside dd, Go's multipart.Writer and requests-toolbelt, and prints throughput and ratios.
# Needs: go, python3 with requests-toolbelt (bash .ci/run installs both). SIZE_MIB changes the size.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../random-file.sh" shipyard-bench-encode

(cd "$here" && go build -o "$work/go_encode" go_encode.go)
python3 "$here/bench.py" --file "$work/big.bin" --shipyard "$root/.build/release/shipyard" \
  --go "$work/go_encode" --runs "${RUNS:-3}"
