#!/usr/bin/env bash
# Benchmarks/app-sign: signing a ~300 MB Electron-shaped bundle (large universal Mach-O files,
# hundreds of resource files) with `shipyard app sign` (ad hoc and --pem), beside sha256sum over
# the same files and apple-platform-py signing a copy. --small builds a ~20 MB bundle (what CI
# could run). RUNS=<n> takes the best of n runs; SHIPYARD=<path> measures that binary instead of
# building this checkout's release one; ALL_CORES=1 does not pin to one core.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
megabytes=300
[ "${1:-}" = "--small" ] && megabytes=20
work="${TMPDIR:-/tmp}/shipyard-bench-app-sign"
rm -rf "$work" && mkdir -p "$work/pki"
if [ -z "${SHIPYARD:-}" ]; then
  swift build -c release --product shipyard --package-path "$root" >/dev/null
  SHIPYARD="$root/.build/release/shipyard"
fi
bash "$root/Tests/ShipyardTestSupport/Doubles/make_identities.sh" "$work/pki" >/dev/null 2>&1
python3 "$here/bench.py" --shipyard "$SHIPYARD" --work "$work" --pki "$work/pki" \
  --megabytes "$megabytes" --runs "${RUNS:-1}" ${ALL_CORES:+--all-cores}
rm -rf "$work"
