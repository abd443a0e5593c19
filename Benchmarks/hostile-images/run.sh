#!/usr/bin/env bash
# Peak memory (maximum resident set, from /usr/bin/time -v) and exit status of `shipyard dmg
# inspect` on each hostile image of HostileVolumeImageTests (the hostile APFS containers of
# HostileAPFSCase and an HFS+ volume without its signature, each in a UDRO image of Hello.app,
# partition checksums made valid), beside the untouched images. A measurement, not a test:
# nothing here asserts; the tests assert the messages.
#
# usage: Benchmarks/hostile-images/run.sh   (SHIPYARD=<binary>, default .build/debug/shipyard;
# the tests must be built: swift build --build-tests)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
shipyard="${SHIPYARD:-$root/.build/debug/shipyard}"
work="${TMPDIR:-/tmp}/shipyard-hostile-images"
rm -rf "$work"
mkdir -p "$work"
(cd "$root" && SHIPYARD_KEEP_HOSTILE_IMAGES="$work" swift test --skip-build \
  --filter HostileVolumeImageTests >"$work/tests.log" 2>&1) || {
  echo "HostileVolumeImageTests failed: $work/tests.log"
  exit 1
}
for fs in HFS+ APFS; do
  "$shipyard" dmg build "$root/Examples/Hello.app" --format UDRO --filesystem "$fs" \
    -o "$work/untouched-$fs.dmg" >/dev/null
done
printf '%-60s %6s %9s\n' image status "peak MiB"
for image in "$work"/*.dmg; do
  status=0
  /usr/bin/time -v -o "$work/time.txt" "$shipyard" dmg inspect "$image" >/dev/null 2>&1 || status=$?
  # /usr/bin/time exits with the command's status; its report is the same either way.
  kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  printf '%-60s %6s %9.1f\n' "$(basename "$image")" "$status" "$(echo "$kib / 1024" | bc -l)"
done
