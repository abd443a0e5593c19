#!/usr/bin/env bash
# Downloads the pinned real-code corpus (Tests/Corpus/wheels.tsv) into a cache
# folder, checks each wheel's SHA-256 and unpacks it once.
#
#   scripts/fetch-corpus.sh            # cache: ${SHIPYARD_CORPUS:-<repo>/.build/corpus}
#   SHIPYARD_CORPUS=/tmp/c scripts/fetch-corpus.sh
#
# Layout: <cache>/<filename>.whl and <cache>/<filename without .whl>/ (unzipped).
# A source distribution (<filename>.tar.gz, such as apple-platform-py's, whose test files hold
# a Bom Apple's tools made) is unpacked into <cache>/<filename without .tar.gz>/, without the
# one folder it is wrapped in.
# A wheel member named *.app.tar (mitmproxy-macos ships its signed app that way,
# so that symlinks and modes survive) is also extracted beside itself.
# The last line printed on stdout is the cache path. Nothing here goes into git.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
list="$repo/Tests/Corpus/wheels.tsv"
cache="${SHIPYARD_CORPUS:-$repo/.build/corpus}"

die() { echo "fetch-corpus: $*" >&2; exit 1; }
for tool in curl unzip tar; do
  command -v "$tool" >/dev/null 2>&1 || die "needs $tool"
done
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  die "needs sha256sum or shasum"
fi

[ -f "$list" ] || die "missing $list"
mkdir -p "$cache"

count=0
while IFS=$'\t' read -r name version filename want url rest; do
  case "$name" in ''|'#'*) continue ;; esac
  [ -n "$url" ] || die "malformed line for $name in $list"
  case "$filename" in */*|.*|*..*) die "refusing odd filename: $filename" ;; esac
  whl="$cache/$filename"
  case "$filename" in
    *.whl) dir="$cache/${filename%.whl}" ;;
    *.tar.gz) dir="$cache/${filename%.tar.gz}" ;;
    *) die "neither a wheel nor an sdist: $filename" ;;
  esac
  stamp="$dir/.corpus-unpacked"

  # Already unpacked from a verified wheel with this exact digest: skip.
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    count=$((count + 1))
    continue
  fi

  if [ -f "$whl" ] && [ "$(sha256 "$whl")" = "$want" ]; then
    :
  else
    echo "fetch-corpus: downloading $name $version ($filename)" >&2
    rm -f "$whl.part"
    curl --fail --location --silent --show-error \
      --retry 5 --retry-delay 3 --retry-all-errors --connect-timeout 30 \
      -o "$whl.part" "$url" || die "download failed: $url"
    got="$(sha256 "$whl.part")"
    if [ "$got" != "$want" ]; then
      rm -f "$whl.part"
      die "SHA-256 MISMATCH for $filename: expected $want, got $got"
    fi
    mv -f "$whl.part" "$whl"
  fi

  echo "fetch-corpus: unpacking $filename" >&2
  rm -rf "$dir"
  mkdir -p "$dir"
  case "$filename" in
    *.whl) unzip -q -o "$whl" -d "$dir" || die "unzip failed: $filename" ;;
    *) tar -xzf "$whl" -C "$dir" --strip-components=1 || die "tar failed: $filename" ;;
  esac
  while IFS= read -r -d '' inner; do
    tar -xf "$inner" -C "$(dirname "$inner")" || die "tar failed: $inner"
  done < <(find "$dir" -type f -name '*.app.tar' -print0)
  printf '%s\n' "$want" > "$stamp"
  count=$((count + 1))
done < "$list"

[ "$count" -gt 0 ] || die "no wheels listed in $list"
echo "fetch-corpus: $count wheels and sdists ready" >&2
echo "$cache"
