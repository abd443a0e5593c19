#!/usr/bin/env bash
# Benchmarks/multipart-parse: a 64 MiB body with one random file and a 16 MiB body dense in CR LF,
# parsed in 64 KiB chunks by our MultipartParser (release build), Go's mime/multipart,
# python-multipart and werkzeug, in one run; prints throughput and ratios.
# Needs: go, python3 with python-multipart and werkzeug (bash .ci/run installs them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="${TMPDIR:-/tmp}/shipyard-bench-parse"
mkdir -p "$work"
swift build -c release --package-path "$here" >/dev/null
(cd "$here" && go build -o "$work/go_parse_bench" go_parse_bench.go)
boundary="$(python3 "$here/make_bodies.py" "$work")"
python3 "$here/bench.py" --folder "$work" --boundary="$boundary" \
  --swift "$here/.build/release/parse-bench" --go "$work/go_parse_bench" --runs "${RUNS:-5}"
