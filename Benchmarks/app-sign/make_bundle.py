"""Writes an unsigned, Electron-shaped app bundle of about --megabytes MB for the app-sign
benchmark: large universal Mach-O files (main executable, framework binary, helpers, dylibs,
`.node` modules) and many resource files.

Large Mach-O files are linked for real: each slice is a clang object (`-target <arch>-apple-macos11`)
whose `__TEXT,__const` and `__DATA,__data` sections hold random bytes pulled in with `.incbin`,
linked by `ld64.lld` (Debian's lld; the Swift toolchain's refuses macOS objects) against a small
`libSystem.tbd`, then joined with `llvm-lipo`. So every byte is in a real segment, `__LINKEDIT` is
last, and arm64 slices carry lld's ad hoc signature, as in a real build. The bytes are random
(seeded, so the same bundle comes out every time) so that nothing about them is cheaper to hash.
"""
import argparse
import glob
import os
import plistlib
import random
import shutil
import subprocess

TBD = """--- !tapi-tbd
tbd-version: 4
targets: [ x86_64-macos, arm64-macos ]
install-name: '/usr/lib/libSystem.B.dylib'
current-version: 1319
exports:
  - targets: [ x86_64-macos, arm64-macos ]
    symbols: [ dyld_stub_binder ]
...
"""

ASSEMBLY = """    .section __TEXT,__text,regular,pure_instructions
    .globl {entry}
{entry}:
    {ret}
    .section __TEXT,__const
    .globl _text_blob
_text_blob:
    .incbin "{pool}", {text_skip}, {text_count}
    .section __DATA,__data
    .globl _data_blob
_data_blob:
    .incbin "{pool}", {data_skip}, {data_count}
"""


# Resource file sizes, drawn at random: mostly small files, as in an app's Resources.
RESOURCE_SIZES = [4096] * 6 + [16384] * 3 + [65536] * 2 + [262144, 1048576]


def find_tool(names, works=lambda path: True):
    """The first of `names` (with LLVM version suffixes) on PATH or in the toolchain folders."""
    folders = os.environ.get("PATH", "").split(":") + ["/opt/swift/usr/bin"] + sorted(
        glob.glob("/usr/lib/llvm-*/bin"), reverse=True)
    for name in names:
        for candidate in [name] + [f"{name}-{v}" for v in range(21, 13, -1)]:
            for folder in folders:
                path = os.path.join(folder, candidate)
                if os.access(path, os.X_OK) and works(path):
                    return path
    raise SystemExit(f"missing {names[0]}: apt-get install llvm lld (see .ci/run)")


class Linker:
    """clang, an ld64.lld that links macOS objects, and llvm-lipo, with a scratch folder."""

    def __init__(self, scratch, pool):
        self.scratch, self.pool = scratch, pool
        self.clang = find_tool(["clang"])
        self.tbd = os.path.join(scratch, "libSystem.tbd")
        with open(self.tbd, "w") as stub:
            stub.write(TBD)
        probe = self.object("x86_64", "_probe", 0, 16, 16, 16, "probe")
        self.lld = find_tool(["ld64.lld"], lambda path: subprocess.run(
            [path, "-arch", "x86_64", "-platform_version", "macos", "11.0", "14.0", "-dylib",
             "-install_name", "/probe", probe, "-o", os.path.join(scratch, "probe.dylib")],
            capture_output=True).returncode == 0)
        self.lipo = find_tool(["llvm-lipo"])

    def object(self, arch, entry, skip, text, data, data_skip, name):
        source = os.path.join(self.scratch, f"{name}-{arch}.s")
        with open(source, "w") as file:
            file.write(ASSEMBLY.format(entry=entry, ret="retq" if arch == "x86_64" else "ret",
                                       pool=self.pool, text_skip=skip, text_count=text,
                                       data_skip=data_skip, data_count=data))
        output = source[:-2] + ".o"
        subprocess.run([self.clang, "-target", f"{arch}-apple-macos11", "-c", source, "-o", output],
                       check=True)
        return output

    def universal(self, output, megabytes, kind, seed):
        """A universal Mach-O of about `megabytes` MB (half per slice, 3/4 text, 1/4 data)."""
        pool_size = os.path.getsize(self.pool)
        per_slice = int(megabytes * 1e6 / 2)
        text, data = per_slice * 3 // 4, per_slice // 4
        rng = random.Random(seed)
        slices = []
        name = os.path.basename(output).replace(" ", "_")
        for arch in ("x86_64", "arm64"):
            skip, data_skip = rng.randrange(pool_size - text), rng.randrange(pool_size - data)
            entry = "_main" if kind == "execute" else "_entry"
            obj = self.object(arch, entry, skip, text, data, data_skip, f"{name}-{seed}")
            flags = {"execute": [], "dylib": ["-dylib", "-install_name", f"@rpath/{os.path.basename(output)}"],
                     "bundle": ["-bundle"]}[kind]
            thin = os.path.join(self.scratch, f"{name}-{seed}-{arch}")
            subprocess.run([self.lld, "-arch", arch, "-platform_version", "macos", "11.0", "14.0"]
                           + flags + [obj, self.tbd, "-o", thin], check=True)
            slices.append(thin)
        os.makedirs(os.path.dirname(output), exist_ok=True)
        subprocess.run([self.lipo, "-create"] + slices + ["-output", output], check=True)
        for path in slices:
            os.remove(path)


def info_plist(path, identifier, executable, package_type):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        plistlib.dump({"CFBundleIdentifier": identifier, "CFBundleExecutable": executable,
                       "CFBundleName": executable, "CFBundlePackageType": package_type,
                       "CFBundleVersion": "1.0.0", "CFBundleShortVersionString": "1.0.0",
                       "LSMinimumSystemVersion": "11.0"}, file)


def make_bundle(folder, megabytes):
    """Writes `folder`/Demo.app (about `megabytes` MB) and returns its path."""
    scale = megabytes / 300
    app = os.path.join(folder, "Demo.app")
    scratch = os.path.join(folder, "objects")
    shutil.rmtree(app, ignore_errors=True)
    os.makedirs(scratch, exist_ok=True)
    pool = os.path.join(scratch, "pool.bin")
    rng = random.Random(18)
    pool_bytes = max(int(64e6 * scale), 4_000_000)
    with open(pool, "wb") as file:
        file.write(rng.randbytes(pool_bytes))
    linker = Linker(scratch, pool)
    contents = os.path.join(app, "Contents")
    info_plist(os.path.join(contents, "Info.plist"), "com.example.demo", "Demo", "APPL")
    with open(os.path.join(contents, "PkgInfo"), "w") as file:
        file.write("APPL????")
    linker.universal(os.path.join(contents, "MacOS", "Demo"), 100 * scale, "execute", 1)
    framework = os.path.join(contents, "Frameworks", "Demo Framework.framework")
    version = os.path.join(framework, "Versions", "A")
    info_plist(os.path.join(version, "Resources", "Info.plist"), "com.example.demo.framework",
               "Demo Framework", "FMWK")
    linker.universal(os.path.join(version, "Demo Framework"), 80 * scale, "dylib", 2)
    for index in range(6):
        linker.universal(os.path.join(version, "Libraries", f"lib{index}.dylib"), 4 * scale, "dylib",
                         10 + index)
    os.symlink("A", os.path.join(framework, "Versions", "Current"))
    for entry in ("Demo Framework", "Libraries", "Resources"):
        os.symlink(f"Versions/Current/{entry}", os.path.join(framework, entry))
    for index, suffix in enumerate(("", " (Renderer)", " (GPU)", " (Plugin)")):
        name = f"Demo Helper{suffix}"
        helper = os.path.join(contents, "Frameworks", f"{name}.app", "Contents")
        info_plist(os.path.join(helper, "Info.plist"),
                   f"com.example.demo.helper{index}", name, "APPL")
        linker.universal(os.path.join(helper, "MacOS", name), 3 * scale, "execute", 20 + index)
    resources = os.path.join(contents, "Resources")
    for index in range(4):
        linker.universal(os.path.join(resources, "app.asar.unpacked", f"native{index}.node"),
                         2 * scale, "bundle", 30 + index)
    # The rest in resource files of 4 KiB to 1 MiB, in .lproj folders and an unpacked tree.
    remaining = int(megabytes * 1e6) - tree_size(app)
    count = 0
    while remaining > 0:
        size = min(remaining, rng.choice(RESOURCE_SIZES))
        folder_name = rng.choice(["en.lproj", "de.lproj", "fr.lproj", "Base.lproj", "assets",
                                  "assets/images", "app.asar.unpacked/node_modules/demo"])
        path = os.path.join(resources, folder_name, f"file{count}.bin")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        offset = rng.randrange(pool_bytes - size)
        with open(pool, "rb") as source, open(path, "wb") as file:
            source.seek(offset)
            file.write(source.read(size))
        remaining -= size
        count += 1
    shutil.rmtree(scratch)
    return app


def tree_size(root):
    return sum(os.path.getsize(path) for path in regular_files(root))


def regular_files(root):
    """Every regular file under `root`, symlinks not followed, sorted."""
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and not os.path.islink(path):
                found.append(path)
    return sorted(found)


if __name__ == "__main__":
    options = argparse.ArgumentParser()
    options.add_argument("--folder", required=True)
    options.add_argument("--megabytes", type=float, default=300)
    arguments = options.parse_args()
    print(make_bundle(arguments.folder, arguments.megabytes))
