"""pkg build beside tar | gzip -6 and cpio (odc) | gzip -6 over the same tree, one core each;
with --all-cores, every core for each, and tar | pigz -6 beside them (pigz compresses one gzip
member on every core, as the payload is compressed).

Prints, per contender, the best wall and CPU seconds (user + system) over the rounds, the output's
size and the peak RSS, then the ratios of `shipyard pkg build` to `tar | gzip -6`. Reuses the
dmg-build benchmark's tree makers and timing (every contender finds the tree in the page cache,
rounds run each contender in turn).
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "dmg-build"))
from huge_file import make_payload  # noqa: E402
from many_files import make_tree, timed_in_rounds, warm_up  # noqa: E402


def contenders(shipyard, tree, work, all_cores=False):
    """Labels, commands and outputs: shipyard's component package and the peers' archives."""
    parent, name = os.path.split(tree)
    package = os.path.join(work, "out.pkg")
    tgz = os.path.join(work, "out.tar.gz")
    cpgz = os.path.join(work, "out.cpio.gz")
    return [
        ("shipyard pkg build", [shipyard, "pkg", "build", tree, "--component", "--identifier",
                                "com.example.bench", "--version", "1", "-o", package, "--force"],
         package),
        ("tar | gzip -6", ["sh", "-c", f"tar -cf - -C '{parent}' '{name}' | gzip -6 -c > '{tgz}'"],
         tgz),
        ("cpio odc | gzip -6", ["sh", "-c", f"cd '{tree}' && find . | cpio -o -H odc --quiet"
                                f" | gzip -6 -c > '{cpgz}'"], cpgz),
    ] + ([("tar | pigz -6", ["sh", "-c", f"tar -cf - -C '{parent}' '{name}' | pigz -6 -c > '{tgz}.pigz'"],
           tgz + ".pigz")] if all_cores else [])


def content_bytes(tree):
    """The bytes of the tree's files."""
    return sum(os.path.getsize(os.path.join(folder, name))
               for folder, _, names in os.walk(tree) for name in names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shipyard", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--files", type=int, default=100000)
    parser.add_argument("--huge-gib", type=int)
    parser.add_argument("--tree")
    parser.add_argument("--checker")
    parser.add_argument("--all-cores", action="store_true")
    options = parser.parse_args()
    if options.tree:
        tree, what = os.path.abspath(options.tree), options.tree
    elif options.huge_gib:
        tree = os.path.join(options.work, f"huge-{options.huge_gib}")
        make_payload(os.path.join(tree, "random.bin"), options.huge_gib << 30)
        what = f"one file of {options.huge_gib} GiB of random bytes"
    else:
        tree = os.path.join(options.work, f"many-{options.files}", "tree")
        make_tree(tree, options.files)
        what = f"{options.files} files of 1-4 KiB in folders of 1,000"
    size = content_bytes(tree)
    rows = contenders(options.shipyard, tree, options.work, options.all_cores)
    warm_up(*os.path.split(tree))
    figures = timed_in_rounds([command for _, command, _ in rows], options.runs,
                              pinned=not options.all_cores)
    cores = f"{os.cpu_count()} cores" if options.all_cores else "one core"
    print(f"pkg-build: {what} ({size / 1e6:.1f} MB), {cores}, best of {options.runs}")
    print(f"{'contender':<22} {'seconds':>8} {'CPU s':>7} {'MB/s':>7} {'MB out':>8} {'peak MiB':>9}")
    for (label, _, output), (wall, cpu, peak) in zip(rows, figures):
        print(f"{label:<22} {wall:8.2f} {cpu:7.2f} {size / 1e6 / wall:7.1f}"
              f" {os.path.getsize(output) / 1e6:8.2f} {peak / 1024:9.1f}")
    ship, tar = figures[0], figures[1]
    print(f"shipyard / tar | gzip -6: {ship[0] / tar[0]:.2f}x wall, {ship[1] / tar[1]:.2f}x CPU;"
          f" shipyard's peak {ship[2] / 1024:.1f} MiB")
    if options.all_cores:
        pigz = figures[3]
        print(f"shipyard / tar | pigz -6: {ship[0] / pigz[0]:.2f}x wall, {ship[1] / pigz[1]:.2f}x CPU")
    package = rows[0][2]
    tested = subprocess.run(["7zz", "t", "-txar", package], capture_output=True, text=True)
    print("7zz t:", "Everything is Ok" if "Everything is Ok" in tested.stdout else tested.stdout[-400:])
    if options.checker and size < 1 << 30:
        checked = subprocess.run([sys.executable, options.checker, package, "--component"],
                                 capture_output=True, text=True)
        print("check_pkg.py:", "passed" if checked.returncode == 0 else checked.stderr[-800:])
    for _, _, output in rows:
        os.remove(output)


if __name__ == "__main__":
    main()
