#!/usr/bin/env python3
"""Independent reader and checker for a flat package's Payload or Scripts: gzip around odc cpio.

Written from public format descriptions (POSIX/SUSv2 cpio "odc", RFC 1952 gzip, go-macos-pkg's
docs/formats/payload.md), not from Shipyard's writer. check_pkg.py imports it.

Usage: check_payload.py <Payload file> [--scripts] [--json]

Checks: exactly one gzip member (Installer rejects more), 070707 headers with octal fields,
NUL-terminated names, TRAILER!!! at the end (only zero padding after it), `.` first, `./` paths,
parents before children, no duplicates, directories without data, symlinks with a target,
owners 0/0 (not for --scripts). Prints one line per entry:
    <path>\t<mode octal>\t<uid>/<gid>\t<size>\t<POSIX cksum>\t<link target>
or, with --json, {"entries": [...], "numberOfFiles": n, "installKBytes": k}; numberOfFiles and
installKBytes are what PackageInfo's <payload> should say. Exit 1 with a message on stderr on error.
odc header: magic 070707, dev 6, ino 6, mode 6, uid 6, gid 6, nlink 6, rdev 6, mtime 11,
namesize 6 (with the NUL), filesize 11 (octal ASCII); then the name, then the data, no padding.
"""
import json
import os
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True  # keep __pycache__ out of the test tree
from check_bom import emit  # noqa: E402

S_IFMT, S_IFREG, S_IFDIR, S_IFLNK = 0o170000, 0o100000, 0o040000, 0o120000
BOM_TYPE_FOR = {S_IFREG: 1, S_IFDIR: 2, S_IFLNK: 3}
# field edges after the 6-byte magic: dev ino mode uid gid nlink rdev, mtime, namesize, filesize
ODC_BOUNDS = (6, 12, 18, 24, 30, 36, 42, 48, 59, 65, 76)


def posix_cksum(data):
    """POSIX cksum(1): CRC-32 poly 0x04C11DB7, MSB first, init 0, the length appended as
    little-endian bytes (as few as needed), result inverted. Empty input gives 0xFFFFFFFF."""
    tail, n = bytearray(), len(data)
    while n:
        tail.append(n & 0xFF)
        n >>= 8
    message = bytes(data) + bytes(tail)
    if len(message) > 1 << 16:  # same CRC, run bit-mirrored through zlib's reflected engine
        reg = zlib.crc32(message.translate(_MIRROR), 0xFFFFFFFF) ^ 0xFFFFFFFF
        return int(f"{reg:032b}"[::-1], 2) ^ 0xFFFFFFFF
    crc = 0
    for byte in message:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _TABLE[(crc >> 24) ^ byte]
    return crc ^ 0xFFFFFFFF


def _table_entry(i):
    c = i << 24
    for _ in range(8):
        c = ((c << 1) ^ 0x04C11DB7) if c & 0x80000000 else (c << 1)
    return c & 0xFFFFFFFF


_TABLE = [_table_entry(i) for i in range(256)]
_MIRROR = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


class PkgError(Exception):
    """A fatal problem: the rest of the archive or package cannot be checked."""


class Report:
    """Collects errors and warnings; `summary` is what --json prints."""

    def __init__(self):
        self.errors, self.warnings, self.summary = [], [], {}

    def error(self, msg):
        self.errors.append(msg)

    def warn(self, msg):
        self.warnings.append(msg)


def gunzip_single(blob, what, rep):
    """Inflate a gzip stream that must be exactly one member with nothing after it."""
    if blob[:4] == b"pbzx":
        raise PkgError(f"{what} is pbzx; this checker reads gzip payloads only")
    if blob[:3] != b"\x1f\x8b\x08":
        raise PkgError(f"{what} is not gzip (starts {blob[:4].hex()})")
    z = zlib.decompressobj(31)
    try:
        out = z.decompress(blob)
    except zlib.error as exc:
        raise PkgError(f"{what}: gzip data corrupt: {exc}")
    if not z.eof:
        raise PkgError(f"{what}: gzip stream truncated")
    if z.unused_data[:2] == b"\x1f\x8b":
        rep.error(f"{what} holds more than one gzip member (Installer rejects that)")
        return out + gunzip_single(z.unused_data, what, Report())
    if z.unused_data:
        rep.error(f"{what}: {len(z.unused_data)} bytes after the gzip member")
    return out


def parse_cpio(raw, what):
    """Parse an odc cpio archive into a list of entry dicts, up to and excluding TRAILER!!!."""
    entries, pos = [], 0
    while True:
        h = raw[pos:pos + 76]
        if len(h) < 76 or h[:6] != b"070707":
            raise PkgError(f"{what}: no odc header (070707) at offset {pos}")
        fields = [h[a:b] for a, b in zip(ODC_BOUNDS, ODC_BOUNDS[1:])]
        if any(f.strip(b"01234567") for f in fields):  # only octal digits, no signs or spaces
            raise PkgError(f"{what}: non-octal header field at offset {pos}")
        dev, ino, mode, uid, gid, nlink, rdev, mtime, namesize, filesize = \
            (int(f, 8) for f in fields)
        name = raw[pos + 76:pos + 76 + namesize]
        if namesize < 2 or len(name) != namesize or name[-1] != 0 or b"\0" in name[:-1]:
            raise PkgError(f"{what}: bad name field at offset {pos}")
        body = raw[pos + 76 + namesize:pos + 76 + namesize + filesize]
        if len(body) != filesize:
            raise PkgError(f"{what}: entry {name[:-1]!r} truncated")
        pos += 76 + namesize + filesize
        if name[:-1] == b"TRAILER!!!":
            break
        entries.append(dict(path=name[:-1].decode("utf-8", "surrogateescape"), mode=mode,
                            uid=uid, gid=gid, nlink=nlink, mtime=mtime, size=filesize, data=body,
                            ino=ino, dev=dev, rdev=rdev))
    rest = raw[pos:]
    if rest.strip(b"\0"):
        raise PkgError(f"{what}: {len(rest)} bytes of data after TRAILER!!!")
    return entries, len(rest)


def check_cpio_tree(entries, what, rep, require_root_owner):
    """`.` first, `./` paths, parents before children, no duplicates, owners 0/0."""
    if not entries or entries[0]["path"] != "." or entries[0]["mode"] & S_IFMT != S_IFDIR:
        rep.error(f"{what}: first entry is not the directory '.'")
    seen = {}
    for e in entries:
        p, kind = e["path"], e["mode"] & S_IFMT
        if p in seen:
            rep.error(f"{what}: {p} appears twice")
        if p != ".":
            parts = p.split("/")
            parent = "/".join(parts[:-1])
            if parts[0] != "." or any(c in ("", ".", "..") for c in parts[1:]):
                rep.error(f"{what}: malformed path {p!r}")
            elif seen.get(parent, 0) & S_IFMT != S_IFDIR:
                rep.error(f"{what}: {p} comes before its parent directory {parent}")
        if kind not in BOM_TYPE_FOR:
            rep.warn(f"{what}: {p} has file type {kind:o}")
        if kind == S_IFDIR and e["size"]:
            rep.error(f"{what}: directory {p} carries {e['size']} data bytes")
        if kind == S_IFLNK and not e["data"]:
            rep.error(f"{what}: symlink {p} has no target")
        if require_root_owner and (e["uid"], e["gid"]) != (0, 0):
            rep.error(f"{what}: {p} is owned by {e['uid']}/{e['gid']}, expected 0/0")
        seen[p] = e["mode"]


def gnu_cksums(blobs):
    """CRC values from GNU `cksum` for each blob (one cksum call per 256 files)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for start in range(0, len(blobs), 256):
            names = []
            for i, b in enumerate(blobs[start:start + 256]):
                with open(os.path.join(tmp, str(start + i)), "wb") as f:
                    f.write(b)
                names.append(str(start + i))
            res = subprocess.run(["cksum", "--", *names], cwd=tmp, capture_output=True, check=True)
            out += [int(line.split()[0]) for line in res.stdout.decode().splitlines()]
    return out


def install_kbytes(entries):
    """pkgbuild's installKBytes: non-root entries rounded up to 512-byte blocks, summed, KiB rounded
    up; directories as APFS sizes them, 32 x (children + 2); `._` sidecars left out."""
    real = [e for e in entries if not is_sidecar(e["path"])]
    children = {}
    for e in real[1:]:
        parent = e["path"].rsplit("/", 1)[0]
        children[parent] = children.get(parent, 0) + 1
    blocks = 0
    for e in real:
        if e["path"] != ".":
            is_dir = e["mode"] & S_IFMT == S_IFDIR
            size = 32 * (children.get(e["path"], 0) + 2) if is_dir else e["size"]
            blocks += (size + 511) // 512
    return (blocks * 512 + 1023) // 1024


def is_sidecar(path):
    """`._name` AppleDouble files, which pkgbuild synthesizes from extended attributes."""
    return path.rsplit("/", 1)[-1].startswith("._")


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 1 or flags - {"--json", "--scripts"}:
        print("usage: check_payload.py <Payload file> [--scripts] [--json]", file=sys.stderr)
        return 2
    rep = Report()
    entries = []
    try:
        with open(args[0], "rb") as f:
            entries, pad = parse_cpio(gunzip_single(f.read(), "Payload", rep), "Payload")
        if pad:
            rep.warn(f"{pad} zero bytes after TRAILER!!!")
        check_cpio_tree(entries, "Payload", rep, "--scripts" not in flags)
        files = [e for e in entries if e["mode"] & S_IFMT == S_IFREG]
        for e, gnu in zip(files, gnu_cksums([e["data"] for e in files])):
            if gnu != posix_cksum(e["data"]):
                rep.error(f"{e['path']}: our POSIX cksum disagrees with GNU cksum {gnu}")
    except (OSError, PkgError, subprocess.CalledProcessError) as exc:
        rep.error(str(exc))
    rows = [dict(path=e["path"], mode=e["mode"], uid=e["uid"], gid=e["gid"], mtime=e["mtime"],
                 size=e["size"], checksum=posix_cksum(e["data"]) if e["mode"] & S_IFMT != S_IFDIR
                 else 0, link=e["data"].decode("utf-8", "surrogateescape")
                 if e["mode"] & S_IFMT == S_IFLNK else "") for e in entries]
    if "--json" in flags:
        print(json.dumps(dict(entries=rows, numberOfFiles=len(entries),
                              installKBytes=install_kbytes(entries) if entries else 0), indent=1))
    else:
        for r in rows:
            print(f"{r['path']}\t{r['mode']:o}\t{r['uid']}/{r['gid']}\t{r['size']}\t"
                  f"{r['checksum']}\t{r['link']}")
    return emit("check_payload", rep.errors, rep.warnings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
