#!/usr/bin/env bash
# Builds the parser's libFuzzer target (swiftc -sanitize=fuzzer,address) from the parser's own
# sources and runs it for FUZZ_SECONDS (default 60) from the seed corpus. Exits non-zero on a
# crash, a trap, a leak or a timeout; the crashing input is left in the work folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/shipyard-fuzz-parser"
mkdir -p "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name FuzzMultipart \
  "$root"/Sources/Multipart/Parsing/*.swift "$here/harness.swift" -o "$work/fuzz-parser"
cd "$work"
./fuzz-parser -max_total_time="${FUZZ_SECONDS:-60}" -timeout=10 -rss_limit_mb=1024 \
  -max_len=4096 -print_final_stats=1 corpus
