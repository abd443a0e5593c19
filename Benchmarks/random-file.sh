# Sourced by the benchmarks that stream one big file: builds shipyard in release and leaves
# $work/big.bin holding SIZE_MIB (default 1024) MiB of random bytes, made again only when its
# size changes. Expects $here (the benchmark's folder) and a name for $work.
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/$1"
mkdir -p "$work"
size_mib="${SIZE_MIB:-1024}"

swift build -c release --product shipyard --package-path "$root" >/dev/null
if [ ! -f "$work/big.bin" ] || [ "$(stat -c %s "$work/big.bin")" -ne $((size_mib << 20)) ]; then
  head -c $((size_mib << 20)) /dev/urandom > "$work/big.bin"
fi
