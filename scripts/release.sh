#!/usr/bin/env bash
# Builds a self-contained `shipyard` for this Linux machine's architecture: the Swift standard
# library and Foundation linked in statically, so that a CI runner needs only the system C
# libraries listed in the README (glibc, zlib, libdeflate, bzip2, liblzma, OpenSSL's libcrypto,
# libsodium, libcurl, libpng, libjpeg, libtiff). Packs it with the licenses and writes its SHA-256:
#   dist/shipyard-linux-<arch>.tar.gz and dist/shipyard-linux-<arch>.tar.gz.sha256
# Fails if ldd shows any libswift* or libFoundation* dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
arch="$(uname -m)"
name="shipyard-linux-$arch"
# Static FoundationNetworking calls libcurl, which stays a system library: link it by name (the
# development package provides libcurl.so).
[ -n "$(ls /usr/lib/*/libcurl.so /usr/lib/libcurl.so 2>/dev/null)" ] || {
  echo "error: libcurl's development files are missing: apt-get install libcurl4-openssl-dev" >&2
  exit 1
}
flags=(-c release --product shipyard --static-swift-stdlib -Xlinker -lcurl)
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/shipyard"

echo "== dynamic libraries"
ldd "$binary" | tee /dev/stderr | grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime' && {
  echo "error: $binary still links the Swift runtime or Foundation dynamically" >&2
  exit 1
}

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$binary" "$stage/shipyard"
strip "$stage/shipyard" 2>/dev/null || true
# Shipyard's own license (Apache 2.0).
cp LICENSE "$stage/LICENSE"
# The Swift runtime and Foundation are linked in: their license (Apache 2.0 with the runtime
# library exception) travels with them.
swift_license="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
[ -f "$swift_license" ] && cp "$swift_license" "$stage/LICENSE-swift.txt"
mkdir -p dist
tar -czf "dist/$name.tar.gz" -C "$stage" .
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
"$stage/shipyard" --help >/dev/null
echo "== dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1)), $(cat "dist/$name.tar.gz.sha256")"
