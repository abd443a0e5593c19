#!/usr/bin/env bash
# Peak memory (maximum resident set, from /usr/bin/time -v) and exit status of one `shipyard`
# process per hostile input: `dmg inspect` on each hostile image of HostileVolumeImageTests (the
# hostile APFS containers of HostileAPFSCase and an HFS+ volume without its signature, each in a
# UDRO image of Hello.app, partition checksums made valid) and of OversizedLayoutFileTests (a
# .DS_Store and a background claiming 160 MiB), beside the untouched images; `app verify` on the
# hand-made Mach-O cases of MachOReadingTests (fat slices that overlap, ncmds past sizeofcmds,
# sizeofcmds past the file) and on Hello.app signed ad hoc with its CodeResources made a sparse
# 4 GiB file. A measurement, not a test: nothing here asserts; the tests assert the messages.
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
  --filter 'HostileVolumeImageTests|OversizedLayoutFileTests' >"$work/tests.log" 2>&1) || {
  echo "HostileVolumeImageTests or OversizedLayoutFileTests failed: $work/tests.log"
  exit 1
}
for fs in HFS+ APFS; do
  "$shipyard" dmg build "$root/Examples/Hello.app" --format UDRO --filesystem "$fs" \
    -o "$work/untouched-$fs.dmg" --force >/dev/null
done
# The Mach-O cases, as MachOReadingTests makes them (little-endian arm64 header, two 72-byte
# segment commands and a build version).
python3 - "$work" <<'PY'
import struct, sys
work = sys.argv[1]
fat = struct.pack(">II", 0xCAFEBABE, 2) + struct.pack(">5I", 0x0100000C, 0, 4096, 8192, 12) \
    + struct.pack(">5I", 0x01000007, 0, 6144, 8192, 12)
open(work + "/macho-fat-slices-overlap", "wb").write(fat.ljust(16384, b"\0"))
for name, ncmds, sizeofcmds in (("ncmds-past-sizeofcmds", 0xFFFFFFFF, 176),
                                ("sizeofcmds-past-the-file", 3, 0xFFFFFF00)):
    header = struct.pack("<8I", 0xFEEDFACF, 0x0100000C, 0, 2, ncmds, sizeofcmds, 0, 0)
    open(work + "/macho-" + name, "wb").write(header.ljust(4096, b"\0"))
PY
python3 "$root/Fuzz/image-readers/make_app.py" "$work/Hello-seal-4GiB.app"
"$shipyard" app sign "$work/Hello-seal-4GiB.app" --ad-hoc >/dev/null
truncate -s 4G "$work/Hello-seal-4GiB.app/Contents/_CodeSignature/CodeResources"

measure() {
  local status=0
  /usr/bin/time -v -o "$work/time.txt" "$shipyard" "$@" >/dev/null 2>"$work/stderr.txt" || status=$?
  # /usr/bin/time exits with the command's status; its report is the same either way.
  kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  printf '%-60s %6s %9.1f\n' "$(basename "${@: -1}")" "$status" "$(echo "$kib / 1024" | bc -l)"
}
printf '%-60s %6s %9s\n' input status "peak MiB"
for image in "$work"/*.dmg; do measure dmg inspect "$image"; done
for file in "$work"/macho-* "$work/Hello-seal-4GiB.app"; do measure app verify "$file"; done
rm -f "$work/Hello-seal-4GiB.app/Contents/_CodeSignature/CodeResources"
