#!/usr/bin/env bash
# Benchmarks/large-image: an image past 5 GiB end to end (issue #19, Must-show 2): a 5.1 GiB
# payload (a random MiB repeated) built as UDRO, signed (CodeDirectory 0x20300, codeLimit64), read back by
# apple-platform-py and `dmg verify`, notarized through the loopback double as an S3 multipart
# upload into moto (80+ parts of 64 MiB, part 2's connection dropped once and resent). Needs
# ~25 GiB of free disk under TMPDIR (the double keeps each part and joins them on disk, since
# moto's own join would hold the object four times in memory).
# Prints the time and the test's outcome.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
swift build --build-tests >/dev/null
start=$(date +%s)
SHIPYARD_LARGE_TESTS=1 swift test --skip-build --filter LargeImageTests 2>&1 | grep -E "✔|✘|↳|^large-image:" | grep -v "Testing Library\|Target Platform"
echo "large-image: $(( $(date +%s) - start )) s"
