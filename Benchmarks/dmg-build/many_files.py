"""The many-files row of the dmg-build benchmark: a generated tree of N small files (1-4 KiB of
random bytes, in folders of 1,000), built by `shipyard dmg build` in UDZO on HFS+ and on APFS,
beside `tar | gzip -6` and `tar | libdeflate-gzip -5` over the same tree, every contender pinned
to one core (`taskset -c 0`) and finding the tree in the page cache (it is read once first). Each
is one whole process (a pipeline for the peers) timed under /usr/bin/time, in rounds that run
every contender once in turn (best of the rounds): wall and CPU seconds (user + system) and peak
RSS, the per-file memory (peak RSS / N) and the ratios to libdeflate-gzip. From 1,000,000 files
on, the rounds also build the tree of a tenth as many files, for the scaling ratio. Both images
must pass `7zz t`.
"""
import os
import random
import shutil
import subprocess

FOLDER_SIZE = 1000
SEED = 19


def make_tree(root, count):
    """Writes `count` files of 1-4 KiB of random bytes under `root`, 1,000 to a folder, unless
    a finished tree of that many is already there (the marker file says so)."""
    marker = root + ".done"
    if os.path.exists(marker) and open(marker).read() == str(count):
        return
    shutil.rmtree(root, ignore_errors=True)
    rng = random.Random(SEED)
    for index in range(count):
        folder = os.path.join(root, f"folder-{index // FOLDER_SIZE:04d}")
        if index % FOLDER_SIZE == 0:
            os.makedirs(folder)
        with open(os.path.join(folder, f"file-{index % FOLDER_SIZE:03d}.bin"), "wb") as handle:
            handle.write(rng.randbytes(rng.randint(1024, 4096)))
    subprocess.run(["find", root, "-exec", "touch", "-h", "-d", "@1600000000", "{}", "+"], check=True)
    with open(marker, "w") as handle:
        handle.write(str(count))


def timed_once(command, pinned=True):
    """Wall and CPU seconds (user + system) of one run of `command` on core 0 (on every core
    unless `pinned`), and its peak RSS in KiB (for a pipeline, the largest of its processes)."""
    pin = ["taskset", "-c", "0"] if pinned else []
    result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M"] + pin + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True, text=True)
    wall, user, system, peak = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(peak)


def timed_in_rounds(commands, runs, pinned=True):
    """The best wall and CPU seconds and the largest peak of each of `commands` over `runs`
    rounds, each round running every command once in turn, so that the machine's drift (page
    cache reclaim, other load) falls on all of them alike rather than on whichever ran last."""
    best = [None] * len(commands)
    for _ in range(runs):
        for index, command in enumerate(commands):
            figures = timed_once(command, pinned)
            old = best[index]
            best[index] = figures if old is None else (
                min(old[0], figures[0]), min(old[1], figures[1]), max(old[2], figures[2]))
    return best


def warm_up(parent, name):
    """Reads the whole tree once, untimed, so that every contender finds it in the page cache:
    otherwise the first one timed (shipyard on HFS+) pays for reading it from disk alone."""
    subprocess.run(f"tar -cf - -C '{parent}' '{name}' | cat > /dev/null", shell=True, check=True)


def shipyard_command(shipyard, tree, image, filesystem):
    """`dmg build` of `tree` into `image`: UDZO, one thread, no Applications link."""
    return [shipyard, "dmg", "build", tree, "-o", image, "--format", "UDZO", "--threads", "1",
            "--no-applications-link", "--filesystem", filesystem, "--force"]


def run(shipyard, work, count, runs):
    """Builds and prints the many-files row for a tree of `count` files. From 1,000,000 files on,
    shipyard also builds the tree a tenth the size in the same rounds, and the row says how many
    times longer the full tree took (the scaling check: linear is 10x)."""
    tree = os.path.join(work, f"many-{count}", "tree")
    make_tree(tree, count)
    parent, name = os.path.split(tree)
    labels, commands, outputs = [], [], []
    for filesystem in ("HFS+", "APFS"):
        image = os.path.join(work, f"many-{count}-{filesystem.rstrip('+')}.dmg")
        labels.append(f"shipyard UDZO {filesystem}")
        commands.append(shipyard_command(shipyard, tree, image, filesystem))
        outputs.append(image)
    for label, compressor in (("tar | gzip -6", "gzip -6"), ("tar | libdeflate-gzip -5", "libdeflate-gzip -5")):
        output = os.path.join(work, f"many-peer-{compressor.split()[0]}.out")
        labels.append(label)
        commands.append(["sh", "-c", f"tar -cf - -C '{parent}' '{name}' | {compressor} -c > '{output}'"])
        outputs.append(output)
    tenth = count // 10 if count >= 1_000_000 else None
    if tenth:
        small_tree = os.path.join(work, f"many-{tenth}", "tree")
        make_tree(small_tree, tenth)
        warm_up(*os.path.split(small_tree))
        for filesystem in ("HFS+", "APFS"):
            labels.append(f"shipyard UDZO {filesystem}, {tenth} files")
            image = os.path.join(work, f"many-{tenth}-{filesystem.rstrip('+')}.dmg")
            commands.append(shipyard_command(shipyard, small_tree, image, filesystem))
            outputs.append(image)
    warm_up(parent, name)
    figures = timed_in_rounds(commands, runs)
    rows = [(label,) + figure + (os.path.getsize(path),)
            for label, figure, path in zip(labels, figures, outputs)]
    images = outputs[:2]
    rows, scaled = rows[:4], rows[4:]

    floor = rows[-1]
    print(f"many files: {count} files of 1-4 KiB in folders of {FOLDER_SIZE}, one core, best of {runs}")
    print(f"{'contender':<26} {'wall s':>7} {'CPU s':>7} {'MB out':>8} {'peak MiB':>9} {'B/file':>7} "
          f"{'x wall':>6} {'x CPU':>6}")
    for label, wall, cpu, peak, size in rows:
        print(f"{label:<26} {wall:>7.2f} {cpu:>7.2f} {size / 1e6:>8.2f} {peak / 1024:>9.1f} "
              f"{peak * 1024 / count:>7.0f} {wall / floor[1]:>6.2f} {cpu / floor[2]:>6.2f}")
    for image in images:
        seven_zip = subprocess.run(["7zz", "t", image], capture_output=True, text=True)
        ok = seven_zip.returncode == 0 and "Everything is Ok" in seven_zip.stdout
        print(f"7zz t {os.path.basename(image)}: {'ok' if ok else 'FAILED (exit %d)' % seven_zip.returncode}")
    for label, wall, cpu, peak, size in rows[:2]:
        print(f"goal: {label} <= 1.2x tar | libdeflate-gzip -5 wall: "
              f"{'met' if wall <= 1.2 * floor[1] else 'MISSED'} ({wall / floor[1]:.2f}x)")
        if count >= 1_000_000:
            print(f"goal: {label} peak RSS <= 512 MiB: {'met' if peak <= 512 * 1024 else 'MISSED'} "
                  f"({peak / 1024:.0f} MiB)")
    for label, wall, cpu, peak, size in scaled:
        print(f"{label}: {wall:.2f} s wall, {cpu:.2f} CPU s, {peak / 1024:.1f} MiB peak")
    for (label, wall, cpu, peak, size), (small_label, small_wall, _, _, _) in zip(rows[:2], scaled):
        print(f"goal: {label} <= 11x {small_label} wall: "
              f"{'met' if wall <= 11 * small_wall else 'MISSED'} "
              f"({wall:.2f} s / {small_wall:.2f} s = {wall / small_wall:.2f}x)")
