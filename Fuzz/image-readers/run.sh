#!/usr/bin/env bash
# Fuzzes the readers `dmg inspect` and `dmg verify` run on downloaded images: the whole UDIF
# image (koly trailer, property list, blkx tables, chunks), the HFS+ volume (header, catalog and
# attributes B-trees), the APFS container (superblocks, object maps, file-system tree, extents,
# attributes: every block's Fletcher-64 checksum resealed before parsing), .DS_Store, the
# background alias, the embedded code signature and its CMS (BER as Apple's codesign writes it,
# and DER), the Mach-O reader (thin and universal
# files, and their signatures) and a bundle's seal (_CodeSignature/CodeResources: the property
# list, its seals and rules, and the rule matcher compiled from them), and the zip reader that
# reads an app's zip for notarization and update feeds (seeded from zips of Hello.app that
# Python's zipfile writes: stored, deflated, Zip64), and the xar reader of installer packages
# (seeded from xar archives of Hello.app that libarchive's bsdtar writes), and the readers of an
# installer package's Bom and payload (seeded from the component package of Hello.app that
# `shipyard pkg build` writes, GNU cpio's odc archive of it, and, when the real-code corpus is
# fetched, a Bom Apple's tools made), and the readers of its PackageInfo and Distribution
# (seeded from the product archive of Hello.app that `shipyard pkg build` writes).
#
# Each target is built with libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address)
# from the modules' own sources, seeded from our images (Hello.app in four formats, with a
# layout, signed by nothing; HFS+ and APFS), the hdiutil fixtures in ../shared/fixtures/dmg
# when they are there, and the seal of Hello.app (its executable a Mach-O file: make_app.py)
# signed ad hoc by `shipyard app sign`, as XML and as a binary property list; and run for
# FUZZ_SECONDS each (default 30); FUZZ_TARGETS names the targets to run (default: all).
# Foundation's own leaks on property lists that do not parse are suppressed (lsan.supp). Exits
# non-zero on a crash, a trap, a leak,
# an input slower than 10 s or more than 2 GiB; the input is left in the target's work folder.
# Swift's own crash backtracer is off: under AddressSanitizer it reports itself (memserver_read)
# instead of the trap; libFuzzer's stack trace names the trapping function.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/shipyard-fuzz-images"
modules="$work/modules"
rm -rf "$modules" "$work/seeds" "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*
mkdir -p "$modules"

flags=(-sanitize=fuzzer,address -parse-as-library -O -package-name Shipyard -I "$modules"
  -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature ExistentialAny)
for library in CZlib CDeflate CBzip2 CLzma COpenSSL CXattr CPNG CTIFF CJPEG; do flags+=(-I "$root/Sources/$library"); done
flags+=(-I "$root/Sources/CSignalForwarding/include")

# Each module as one object and its interface, in dependency order, from every Swift file in
# its folder (the C libraries' link names come from their module maps).
module() {
  local name=$1 folder=$2
  local sources
  mapfile -t sources < <(find "$folder" -name '*.swift' | sort)
  swiftc "${flags[@]}" -wmo -module-name "$name" -emit-module \
    -emit-module-path "$modules/$name.swiftmodule" -c -o "$modules/$name.o" "${sources[@]}"
}
echo "== building the readers with -sanitize=fuzzer,address"
# The linker's notes on ASan's local symbols are noise: the log is shown only on failure.
exec 3>&1
exec >"$work/build.log" 2>&1
trap 'status=$?; [ $status -eq 0 ] || cat "$work/build.log" >&3' EXIT
# CodeSigning reads the signatures (and writes them, which the fuzz target leaves alone).
# SystemSupport's one C target (its signal handler), an object beside the modules'.
clang -O2 -c -I "$root/Sources/CSignalForwarding/include" \
  -o "$modules/CSignalForwarding.o" "$root/Sources/CSignalForwarding/signal_forwarding.c"
for name in SystemSupport ToolingSupport StagedTree VolumeInterface DiskImage HFSPlus APFS FinderLayout Digests CodeSigning Deflating ZipArchive XarArchive InstallerPackage; do
  module "$name" "$root/Sources/$name"
done

target() {
  local name=$1
  shift
  swiftc "${flags[@]}" -module-name "Fuzz_$name" "$@" "$modules"/*.o \
    -lz -ldeflate -lbz2 -llzma -lcrypto -o "$work/fuzz-$name"
}
target udif "$here/targets/udif.swift" "$here/targets/volume.swift"
target hfsplus "$here/targets/hfsplus.swift" "$here/targets/volume.swift" "$here/targets/zero-padded.swift"
target apfs "$here/targets/apfs.swift" "$here/targets/volume.swift" "$here/targets/zero-padded.swift"
target dsstore "$here/targets/dsstore.swift"
target alias "$here/targets/alias.swift"
target signature "$here/targets/signature.swift"
target cms "$here/targets/cms.swift"
target macho "$here/targets/macho.swift"
target coderesources "$here/targets/coderesources.swift"
target zip "$here/targets/zip.swift"
target xar "$here/targets/xar.swift"
target bom "$here/targets/bom.swift"
target cpio "$here/targets/cpio.swift"
target documents "$here/targets/documents.swift"

exec 1>&3 2>&1
trap - EXIT
echo "== seeds"
shipyard="${SHIPYARD:-$root/.build/debug/shipyard}"
[ -x "$shipyard" ] || (cd "$root" && swift build --product shipyard >/dev/null)
images="$work/images"
rm -rf "$images"
mkdir -p "$images"
for format in UDZO UDBZ ULMO UDRO; do
  "$shipyard" dmg build "$root/Examples/Hello.app" -o "$images/Hello-$format.dmg" \
    --format "$format" --config "$root/Examples/layout/Hello.json" 2>/dev/null
done
for format in UDZO UDRO; do
  "$shipyard" dmg build "$root/Examples/Hello.app" -o "$images/Hello-APFS-$format.dmg" \
    --format "$format" --filesystem APFS --config "$root/Examples/layout/Hello.json" 2>/dev/null
done
fixtures="$root/../shared/fixtures/dmg"
seeds=("$images"/*.dmg)
if [ -d "$fixtures" ]; then
  seeds+=("$fixtures"/*.dmg)
else
  echo "(no $fixtures: seeding from our images only)"
fi
apps="$work/apps"
rm -rf "$apps"
mkdir -p "$apps"
python3 "$here/make_app.py" "$apps/Hello.app"
"$shipyard" app sign "$apps/Hello.app" --ad-hoc >/dev/null
python3 "$here/make_seeds.py" "$work/seeds" "${seeds[@]}" \
  --seal "$apps/Hello.app/Contents/_CodeSignature/CodeResources"
# The signature and cms targets' BER and DER seeds: our own signature of Hello.app and, when the
# real-code corpus is fetched (scripts/fetch-corpus.sh), the signatures of Apple's codesign (BER)
# and of other signers (DER) in it, each DER one rewritten as BER too.
mkdir -p "$work/pki"
bash "$root/Tests/ShipyardTestSupport/Doubles/make_identities.sh" "$work/pki" >/dev/null 2>&1
cp -R "$apps/Hello.app" "$apps/Signed.app"
P12_PASSWORD=test-password "$shipyard" app sign "$apps/Signed.app" --p12 "$work/pki/identity.p12" \
  --p12-password-env P12_PASSWORD --no-timestamp >/dev/null 2>&1
signed=("$apps/Signed.app/Contents/MacOS/Hello")
corpus="${SHIPYARD_CORPUS:-$root/.build/corpus}"
if [ -d "$corpus" ]; then
  while IFS= read -r -d "" file; do signed+=("$file"); done < <(find "$corpus/" -type f \
    \( -name cmake -o -name deno -o -name ruff -o -path '*/Contents/MacOS/*' \) -print0)
else
  echo "(no real-code corpus at $corpus: BER seeds from our own rewriting only)"
fi
python3 "$here/cms_seeds.py" "$work/seeds" "${signed[@]}"
python3 - "$apps/Hello.app" "$work/seeds/zip" <<'PY'
import os, sys, zipfile
app, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
for name, method, zip64 in (("stored", zipfile.ZIP_STORED, False),
                            ("deflated", zipfile.ZIP_DEFLATED, False),
                            ("zip64", zipfile.ZIP_DEFLATED, True)):
    with zipfile.ZipFile(os.path.join(out, name + ".zip"), "w", method) as archive:
        for folder, _, files in sorted(os.walk(app)):
            for file in sorted(files):
                path = os.path.join(folder, file)
                info = zipfile.ZipInfo.from_file(path, os.path.relpath(path, os.path.dirname(app)))
                info.compress_type = method
                with open(path, "rb") as source, archive.open(info, "w", force_zip64=zip64) as sink:
                    sink.write(source.read())
PY

# The xar reader's seeds: Hello.app archived by libarchive's bsdtar, zlib and stored.
mkdir -p "$work/seeds/xar"
for compression in gzip none; do
  bsdtar -cf "$work/seeds/xar/hello-$compression.xar" --format xar \
    --options "xar:compression=$compression" -C "$apps" Hello.app
done

# The Bom and cpio readers' seeds: the Bom and Payload of Hello.app's component package, the
# payload inflated, GNU cpio's odc archive of the app, and Apple's Bom from the corpus.
rm -rf "$work/pkg"
mkdir -p "$work/seeds/bom" "$work/seeds/cpio" "$work/pkg"
"$shipyard" pkg build "$apps/Hello.app" --component --skip-sign-app -o "$work/pkg/Hello.pkg" \
  >/dev/null 2>&1
(cd "$work/pkg" && bsdtar -xf Hello.pkg Bom Payload)
cp "$work/pkg/Bom" "$work/seeds/bom/hello.bom"
cp "$work/pkg/Payload" "$work/seeds/cpio/hello.payload"
gzip -dc "$work/pkg/Payload" >"$work/seeds/cpio/hello.cpio"
(cd "$apps" && find Hello.app | LC_ALL=C sort | cpio -o -H odc --quiet) >"$work/seeds/cpio/gnu.cpio"
apple_bom="$corpus/apple_platform_py-0.1.0/crates/apple-platform-rs/apple-bom/src/testdata/python-applications.bom"
if [ -f "$apple_bom" ]; then
  cp "$apple_bom" "$work/seeds/bom/apple.bom"
else
  echo "(no Apple Bom in $corpus: the bom target is seeded from ours only)"
fi

# The documents' seeds: the PackageInfo and Distribution of Hello.app's product archive.
mkdir -p "$work/seeds/documents" "$work/pkg/product"
"$shipyard" pkg build "$apps/Hello.app" --skip-sign-app -o "$work/pkg/Hello-product.pkg" \
  >/dev/null 2>&1
bsdtar -xf "$work/pkg/Hello-product.pkg" -C "$work/pkg/product"
cp "$work/pkg/product/Distribution" "$work/seeds/documents/Distribution.xml"
cp "$work/pkg/product/Hello.pkg/PackageInfo" "$work/seeds/documents/PackageInfo.xml"

status=0
for name in ${FUZZ_TARGETS:-udif hfsplus apfs dsstore alias signature cms macho coderesources zip xar bom cpio documents}; do
  # Volumes are bigger than the other inputs: the fixtures' are about 1.2 MiB once cut.
  max_len=262144
  case "$name" in hfsplus | apfs) max_len=2097152 ;; esac
  mkdir -p "$work/corpus-$name"
  cp "$work/seeds/$name"/* "$work/corpus-$name/" 2>/dev/null || true
  echo "== fuzz-$name for ${FUZZ_SECONDS:-30} s from $(ls "$work/corpus-$name" | wc -l) inputs"
  (cd "$work" && SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$here/lsan.supp" "./fuzz-$name" -max_total_time="${FUZZ_SECONDS:-30}" -timeout=10 \
    -rss_limit_mb=2048 -max_len=$max_len -print_final_stats=1 "corpus-$name" \
    >"$work/fuzz-$name.log" 2>&1) || status=1
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|ERROR|SUMMARY" \
    "$work/fuzz-$name.log" || true
done
exit $status
