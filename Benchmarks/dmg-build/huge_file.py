"""The huge-file row of the dmg-build benchmark (issue #19): one file of random bytes of
--huge-gib GiB (6 by default) and one of 256 MiB of the same kind, each alone in a folder, built
by `shipyard dmg build` in UDZO on HFS+ with one thread, pinned to core 0 (`taskset -c 0`) and
timed whole under /usr/bin/time (wall, user + system CPU, peak RSS). Prints each build's MB/s of
payload and the big file's speed as a fraction of the small one's (the goal: >= 0.9x), then
`7zz t` of both images, and `fsck.hfsplus -n` of each volume where Debian's hfsprogs is
installed (it says so when it is not). The payloads are kept in the work folder between runs;
the images are removed after the checks, since the big one takes as much disk as its payload.
"""
import os
import shutil
import subprocess

from many_files import timed_in_rounds

SMALL_BYTES = 256 << 20
CHUNK = 64 << 20


def make_payload(path, size):
    """Writes `size` random bytes to `path`, unless a file of that size is already there."""
    if os.path.exists(path) and os.path.getsize(path) == size:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".part", "wb") as handle:
        left = size
        while left:
            count = min(CHUNK, left)
            handle.write(os.urandom(count))
            left -= count
    os.rename(path + ".part", path)
    subprocess.run(["touch", "-d", "@1600000000", path, os.path.dirname(path)], check=True)


def fsck(image, work):
    """`fsck.hfsplus -n` of the image's HFS+ partition (extracted with 7-Zip), or why not."""
    if not shutil.which("fsck.hfsplus"):
        return "not run: fsck.hfsplus (Debian's hfsprogs) is not installed"
    volume = os.path.join(work, "huge-volume.hfs")
    listing = subprocess.run(["7zz", "e", "-y", f"-o{work}", image, "*.hfs"], capture_output=True)
    found = [name for name in os.listdir(work) if name.endswith(".hfs")]
    if listing.returncode != 0 or not found:
        return "not run: 7-Zip did not extract the HFS+ partition"
    os.rename(os.path.join(work, found[0]), volume)
    result = subprocess.run(["fsck.hfsplus", "-n", "-f", volume], capture_output=True, text=True)
    os.remove(volume)
    return "ok" if result.returncode == 0 else f"FAILED (exit {result.returncode})"


def run(shipyard, work, gib, runs):
    """Builds and prints the huge-file row."""
    rows = []
    for label, size in (("256 MiB", SMALL_BYTES), (f"{gib} GiB", gib << 30)):
        folder = os.path.join(work, f"huge-{size}")
        make_payload(os.path.join(folder, "payload.bin"), size)
        image = os.path.join(work, f"huge-{size}.dmg")
        command = [shipyard, "dmg", "build", folder, "-o", image, "--format", "UDZO", "--threads", "1",
                   "--no-applications-link", "--force"]
        wall, cpu, peak = timed_in_rounds([command], runs)[0]
        seven_zip = subprocess.run(["7zz", "t", image], capture_output=True, text=True)
        checked = seven_zip.returncode == 0 and "Everything is Ok" in seven_zip.stdout
        rows.append((label, size, wall, cpu, peak, os.path.getsize(image), checked, fsck(image, work)))
        os.remove(image)
    print(f"huge file: one file of random bytes, UDZO on HFS+, one core, best of {runs}")
    print(f"{'payload':<10} {'wall s':>7} {'CPU s':>7} {'MB/s':>7} {'CPU MB/s':>9} {'MB out':>9} {'peak MiB':>9}")
    for label, size, wall, cpu, peak, out, _, _ in rows:
        print(f"{label:<10} {wall:>7.2f} {cpu:>7.2f} {size / 1e6 / wall:>7.1f} {size / 1e6 / cpu:>9.1f} "
              f"{out / 1e6:>9.1f} {peak / 1024:>9.1f}")
    for label, _, _, _, _, _, checked, checked_fsck in rows:
        print(f"7zz t {label}: {'ok' if checked else 'FAILED'}; fsck.hfsplus: {checked_fsck}")
    small, big = rows
    ratio = (big[1] / big[2]) / (small[1] / small[2])
    print(f"goal: {big[0]} at >= 0.9x the MB/s of 256 MiB: {'met' if ratio >= 0.9 else 'MISSED'} "
          f"({ratio:.2f}x wall; {(big[1] / big[3]) / (small[1] / small[3]):.2f}x CPU)")
