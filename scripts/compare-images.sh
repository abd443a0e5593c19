#!/usr/bin/env bash
# Builds the same images with two shipyard binaries and compares them byte for byte: the example
# app, the layout example and a 3,000-file tree, in UDZO, UDBZ, ULMO and UDRO, on HFS+ and APFS.
# Then signs with each: an Electron-shaped app (Benchmarks/app-sign/make_bundle.py; --no-timestamp
# and SOURCE_DATE_EPOCH, so every file must be the same) and one image (--no-timestamp; the CMS
# holds the signing time, so everything but the CMS blob must be the same). The test PKI comes
# from Tests/ShipyardTestSupport/Doubles/make_identities.sh. The builds and app signatures are
# reproducible, so any difference is a change in behaviour.
#
#   scripts/compare-images.sh <baseline shipyard> [<new shipyard>]
#
# The new binary defaults to .build/debug/shipyard. Exits 1 when any pair differs.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="${1:?usage: scripts/compare-images.sh <baseline shipyard> [<new shipyard>]}"
candidate="${2:-.build/debug/shipyard}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000

# A 3,000-file tree: 30 folders of 100 files of varied sizes, executables, links, odd names.
python3 - "$work/tree" <<'PY'
import os, random, sys
root = sys.argv[1]
rng = random.Random(17)
for folder in range(30):
    path = os.path.join(root, f"folder {folder:02d}", "sub" if folder % 3 == 0 else "")
    os.makedirs(path, exist_ok=True)
    for index in range(100):
        name = f"file-{index:03d}" + ("-é" if index % 7 == 0 else "") + (".txt" if index % 2 else ".bin")
        size = rng.choice([0, 1, 100, 4096, 5000, 70000])
        with open(os.path.join(path, name), "wb") as handle:
            handle.write(rng.randbytes(size // 2) + bytes(size - size // 2))
        if index % 10 == 0:
            os.chmod(os.path.join(path, name), 0o755)
    os.symlink("file-001.txt", os.path.join(path, "link"))
PY
find "$work/tree" -exec touch -h -d @1600000000 {} +

inputs=("app:Examples/Hello.app" "layout:--config Examples/layout/Hello.json" "tree:$work/tree")
differences=0
compared=0
for input in "${inputs[@]}"; do
  label="${input%%:*}"
  # shellcheck disable=SC2206
  source=(${input#*:})
  for filesystem in HFS+ APFS; do
    for format in UDZO UDBZ ULMO UDRO; do
      for side in baseline candidate; do
        binary="$baseline"
        [ "$side" = candidate ] && binary="$candidate"
        # Removed first: a baseline from before --force refuses that flag.
        rm -f "$work/$side.dmg"
        "$binary" dmg build "${source[@]}" --filesystem "$filesystem" --format "$format" \
          --volume-name Compare -o "$work/$side.dmg" >/dev/null 2>"$work/log" \
          || { echo "$side failed on $label $filesystem $format:"; cat "$work/log"; exit 1; }
      done
      compared=$((compared + 1))
      if cmp -s "$work/baseline.dmg" "$work/candidate.dmg"; then
        echo "same       $label $filesystem $format"
      else
        echo "DIFFERENT  $label $filesystem $format"
        differences=$((differences + 1))
      fi
    done
  done
done
echo "$compared images compared, $differences different"

# App signatures: the same unsigned Electron-shaped bundle signed by each binary.
pki="$work/pki"
mkdir -p "$pki"
bash Tests/ShipyardTestSupport/Doubles/make_identities.sh "$pki" >/dev/null 2>&1
# The signing time, the same for both binaries, and within the test certificate's validity (it
# starts now), which signing checks at that time.
sleep 1
SOURCE_DATE_EPOCH="$(date +%s)"
python3 Benchmarks/app-sign/make_bundle.py --folder "$work/bundle" --megabytes 40 >/dev/null
app="$(find "$work/bundle" -maxdepth 1 -name '*.app' | head -1)"
for side in baseline candidate; do
  binary="$baseline"
  [ "$side" = candidate ] && binary="$candidate"
  rm -rf "$work/$side-app" && mkdir -p "$work/$side-app" && cp -a "$app" "$work/$side-app/"
  "$binary" app sign "$work/$side-app/$(basename "$app")" --pem "$pki/identity.pem" \
    --no-timestamp >/dev/null 2>"$work/log" || { echo "$side app sign failed:"; cat "$work/log"; exit 1; }
done
compared=$((compared + 1))
if diff -r "$work/baseline-app" "$work/candidate-app" >/dev/null; then
  echo "same       Electron-shaped app signed (every file)"
else
  echo "DIFFERENT  Electron-shaped app signed"
  differences=$((differences + 1))
fi

# Image signatures: everything but the CMS blob (its signing time is now).
"$candidate" dmg build Examples/Hello.app -o "$work/unsigned.dmg" >/dev/null 2>&1
for side in baseline candidate; do
  binary="$baseline"
  [ "$side" = candidate ] && binary="$candidate"
  # The same name in another folder: the identifier is the file name's stem.
  mkdir -p "$work/$side-image" && cp "$work/unsigned.dmg" "$work/$side-image/Hello.dmg"
  "$binary" dmg sign "$work/$side-image/Hello.dmg" --pem "$pki/identity.pem" --no-timestamp \
    >/dev/null 2>"$work/log" || { echo "$side dmg sign failed:"; cat "$work/log"; exit 1; }
done
compared=$((compared + 1))
if python3 - "$work/baseline-image/Hello.dmg" "$work/candidate-image/Hello.dmg" <<'PY'
import struct, sys

def parts(path):
    data = open(path, "rb").read()
    koly = data[-512:]
    offset, length = struct.unpack(">QQ", koly[0x128:0x138])
    blob = data[offset:offset + length]
    count = struct.unpack(">I", blob[8:12])[0]
    kept = {}
    for index in range(count):
        slot, at = struct.unpack(">II", blob[12 + 8 * index:20 + 8 * index])
        size = struct.unpack(">I", blob[at + 4:at + 8])[0]
        if slot != 0x10000:  # everything but the CMS
            kept[slot] = blob[at:at + size]
    return data[:offset], kept, koly[:0x130]

sys.exit(0 if parts(sys.argv[1]) == parts(sys.argv[2]) else 1)
PY
then
  echo "same       image signed (covered bytes, code directory, requirements, trailer)"
else
  echo "DIFFERENT  image signed"
  differences=$((differences + 1))
fi
echo "$compared comparisons, $differences different"
[ "$differences" -eq 0 ]
