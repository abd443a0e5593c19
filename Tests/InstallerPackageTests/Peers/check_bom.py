#!/usr/bin/env python3
"""Independent reader and checker for Apple BOMStore files (the `Bom` of a flat package).

Written from public format descriptions (bomutils `bom.h`, go-macos-pkg `docs/formats/bom.md`,
apple-bom `format.rs`) and from a Bom made by Apple's pkgbuild, not from Shipyard's writer.

Usage: check_bom.py <Bom file> [--json] [--strict-dir-sizes]

Prints one line per path, in Paths-tree order:
    <path>\t<type>\t<mode octal>\t<uid>/<gid>\t<size>\t<checksum>\t<link>
or, with --json, a list of objects (path, type, type_code, mode, uid, gid, mtime, size, checksum,
link, arch). Types: 1 file, 2 dir, 3 link, 4 dev.
Exits 1 with "check_bom: error: ..." lines on stderr when the file breaks the format; harmless
oddities are printed as "check_bom: warning: ..." and do not fail.

All integers are big-endian. Layout (file offsets):
  header   "BOMStore", version=1, numberOfBlocks, indexOffset, indexLength, varsOffset, varsLength
  index    count, count x {address, length}   (block 0 is null), then the free list
           {count, count x {address, length}}; Apple leaves spare zero pointers after it.
  vars     count, count x {blockIndex u32, nameLength u8, name (no NUL)}
  tree     "tree", version=1, root Paths block, blockSize, pathCount, 1 unknown byte (21 bytes)
  Paths    isLeaf u16, count u16, forward u32, backward u32, count x {value u32, key u32};
           in a leaf value/key are the payload blocks, in a branch value is a child node.
"""
import json
import struct
import sys

TYPE_NAMES = {1: "file", 2: "dir", 3: "link", 4: "dev"}
S_IFMT = 0o170000
TYPE_MODE_BITS = {1: {0o100000}, 2: {0o040000}, 3: {0o120000}, 4: {0o020000, 0o060000}}
RECORD_FIXED = 31  # type .. linkNameLength


class BomError(Exception):
    """The file breaks the BOMStore format."""


class Bom:
    """A parsed BOMStore. `paths` holds the decoded path entries in Paths-tree order."""

    def __init__(self, data):
        self.data = data
        self.errors, self.warnings = [], []
        self._parse_header()
        self._parse_vars()
        self.info = self._parse_bom_info()
        self.paths = self._parse_paths()
        self._apply_size64()
        self._check_hlindex()
        self._check_vindex()
        self._check_bom_info()
        self._check_dir_sizes()

    # -- storage ---------------------------------------------------------------------------------
    def _u32(self, buf, off, what):
        if off + 4 > len(buf):
            raise BomError(f"{what}: truncated")
        return struct.unpack_from(">I", buf, off)[0]

    def _parse_header(self):
        d = self.data
        if len(d) < 32 or d[:8] != b"BOMStore":
            raise BomError("not a BOMStore file (bad magic or shorter than 32 bytes)")
        version, nblocks, ioff, ilen, voff, vlen = struct.unpack_from(">6I", d, 8)
        if version != 1:
            raise BomError(f"header version {version}, expected 1")
        for name, off, ln in (("block index", ioff, ilen), ("vars", voff, vlen)):
            if off < 32 or off + ln > len(d):
                raise BomError(f"{name} {off}+{ln} lies outside the file ({len(d)} bytes)")
        count = self._u32(d, ioff, "block index")
        if 4 + 8 * count > ilen:
            raise BomError(f"block index claims {count} blocks but indexLength is {ilen}")
        self.blocks = [struct.unpack_from(">II", d, ioff + 4 + 8 * i) for i in range(count)]
        if not self.blocks or self.blocks[0] != (0, 0):
            raise BomError("block 0 is not the null block")
        used = [(i, a, n) for i, (a, n) in enumerate(self.blocks) if a or n]
        if len(used) != nblocks:
            self.errors.append(f"header numberOfBlocks {nblocks} != {len(used)} non-null blocks")
        for i, a, n in used:
            if a + n > len(d) or a < 32:
                self.errors.append(f"block {i} at {a}+{n} lies outside the file")
        spans = sorted((a, a + n, i) for i, a, n in used if n)
        for (a0, e0, i0), (a1, _, i1) in zip(spans, spans[1:]):
            if a1 < e0:
                self.errors.append(f"blocks {i0} and {i1} overlap (from {a0} and {a1})")
        free_off = ioff + 4 + 8 * count
        if free_off + 4 <= ioff + ilen:
            nfree = self._u32(d, free_off, "free list")
            if free_off + 4 + 8 * nfree > ioff + ilen:
                self.errors.append(f"free list of {nfree} entries overruns indexLength")
        else:
            self.warnings.append("no free list after the block table")
        self.vars_span = (voff, voff + vlen)

    def block(self, index, what):
        """Bytes of block `index`; raises BomError for the null block or an index out of range."""
        if index == 0 or index >= len(self.blocks):
            raise BomError(f"{what}: block {index} out of range (table has {len(self.blocks)})")
        addr, length = self.blocks[index]
        if addr + length > len(self.data):
            raise BomError(f"{what}: block {index} lies outside the file")
        return self.data[addr:addr + length]

    def _parse_vars(self):
        buf = self.data[self.vars_span[0]:self.vars_span[1]]
        count, off, self.vars = self._u32(buf, 0, "vars"), 4, {}
        for _ in range(count):
            if off + 5 > len(buf):
                raise BomError("vars table truncated")
            index, nlen = struct.unpack_from(">IB", buf, off)
            name = buf[off + 5:off + 5 + nlen]
            if len(name) != nlen or b"\0" in name:
                raise BomError(f"malformed var name {name!r}")
            self.vars[name.decode("latin-1")] = index
            off += 5 + nlen
        if off != len(buf):
            self.warnings.append(f"{len(buf) - off} bytes after the last var")
        for required in ("BomInfo", "Paths"):
            if required not in self.vars:
                raise BomError(f"no {required} var")
        for optional in ("HLIndex", "VIndex", "Size64"):
            if optional not in self.vars:
                self.warnings.append(f"no {optional} var")

    # -- trees -----------------------------------------------------------------------------------
    def tree(self, index, what):
        """Decode a 21-byte "tree" block: returns (root node, blockSize, pathCount)."""
        t = self.block(index, what)
        if len(t) < 21 or t[:4] != b"tree":
            raise BomError(f"{what}: block {index} is not a tree")
        version, root, block_size, count = struct.unpack_from(">4I", t, 4)
        if version != 1:
            raise BomError(f"{what}: tree version {version}")
        return root, block_size, count

    def node(self, index, block_size, what):
        """Decode a Paths node: (isLeaf, forward, backward, [(value, key)])."""
        b = self.block(index, what)
        if len(b) < 12:
            raise BomError(f"{what}: node {index} shorter than 12 bytes")
        is_leaf, count, fwd, back = struct.unpack_from(">HHII", b)
        if is_leaf not in (0, 1):
            raise BomError(f"{what}: node {index} isLeaf={is_leaf}")
        if 12 + 8 * count > len(b):
            raise BomError(f"{what}: node {index} holds {count} entries in {len(b)} bytes")
        if count > (block_size - 12) // 8:
            raise BomError(f"{what}: node {index} holds {count} entries, tree blockSize "
                           f"{block_size} allows {(block_size - 12) // 8}")
        if len(b) != block_size:
            self._note_once(f"{what}: node blocks differ in length from the tree's blockSize")
        pairs = [struct.unpack_from(">II", b, 12 + 8 * i) for i in range(count)]
        return bool(is_leaf), fwd, back, pairs

    def _note_once(self, msg):
        if msg not in self.warnings:
            self.warnings.append(msg)

    def walk(self, tree_index, what, key_of=None):
        """All leaf (value, key) pairs of a tree, via the forward chain; cross-checked against a
        descent through the branch nodes. `key_of` maps a key block to a comparable value for
        checking branch separators (Paths only)."""
        root, block_size, count = self.tree(tree_index, what)
        by_descent, depths = [], set()

        def descend(index, depth, seen):
            if index in seen:
                raise BomError(f"{what}: node {index} reached twice")
            seen.add(index)
            leaf, _, _, pairs = self.node(index, block_size, what)
            if leaf:
                by_descent.append(index)
                depths.add(depth)
                return [k for _, k in pairs]
            if not pairs:
                raise BomError(f"{what}: empty branch node {index}")
            keys = []
            for child, sep in pairs:
                sub = descend(child, depth + 1, seen)
                if key_of and sub:
                    low = key_of(keys[-1]) if keys else None
                    if key_of(sub[-1]) > key_of(sep) or (low is not None and key_of(sub[0]) <= low):
                        self.errors.append(f"{what}: branch {index} separator {sep} does not "
                                           f"bound child {child}")
                keys.extend(sub)
            return keys

        descend(root, 0, set())
        if len(depths) > 1:
            self.errors.append(f"{what}: leaves at different depths {sorted(depths)}")
        chain, pairs, prev, index = [], [], 0, by_descent[0]
        while index:
            if index in chain:
                raise BomError(f"{what}: leaf chain loops at node {index}")
            leaf, fwd, back, entries = self.node(index, block_size, what)
            if not leaf:
                raise BomError(f"{what}: forward link reaches branch node {index}")
            if back != prev:
                self.errors.append(f"{what}: leaf {index} backward={back}, expected {prev}")
            chain.append(index)
            pairs.extend(entries)
            prev, index = index, fwd
        if chain != by_descent:
            self.errors.append(f"{what}: forward chain {chain} != leaves under the root "
                               f"{by_descent}")
        if count != len(pairs):
            self.errors.append(f"{what}: tree pathCount {count} != {len(pairs)} leaf entries")
        return pairs, block_size

    # -- variables -------------------------------------------------------------------------------
    def _parse_bom_info(self):
        b = self.block(self.vars["BomInfo"], "BomInfo")
        if len(b) < 12:
            raise BomError("BomInfo shorter than 12 bytes")
        version, npaths, nentries = struct.unpack_from(">3I", b)
        if version != 1:
            self.errors.append(f"BomInfo version {version}, expected 1")
        if 12 + 16 * nentries > len(b):
            raise BomError(f"BomInfo claims {nentries} entries in {len(b)} bytes")
        entries = [struct.unpack_from(">4I", b, 12 + 16 * i) for i in range(nentries)]
        return dict(version=version, numberOfPaths=npaths, entries=entries)

    def _file_key(self, key):
        b = self.block(key, "Paths key")
        if len(b) < 5 or b"\0" not in b[4:]:
            raise BomError(f"Paths key block {key} is not parentID + NUL-terminated name")
        name = b[4:b.index(b"\0", 4)]
        if len(b) != 4 + len(name) + 1:
            self._note_once("Paths key blocks carry bytes after the name's NUL")
        return struct.unpack_from(">I", b)[0], name

    def _parse_paths(self):
        pairs, _ = self.walk(self.vars["Paths"], "Paths", self._file_key)
        out, by_id, prev = [], {}, None
        for value, key in pairs:
            parent, name = self._file_key(key)
            info = self.block(value, "PathInfo")
            if len(info) < 8:
                raise BomError(f"PathInfo block {value} shorter than 8 bytes")
            pid, rec_index = struct.unpack_from(">II", info)
            entry = self._record(rec_index, name)
            entry.update(id=pid, parent=parent, name=name, record=rec_index)
            if prev is not None and (parent, name) <= prev:
                self.errors.append(f"Paths leaves out of order: (parent {parent}, {name!r}) after "
                                   f"(parent {prev[0]}, {prev[1]!r})")
            prev = (parent, name)
            if pid in by_id or pid == 0:
                self.errors.append(f"path id {pid} used twice or zero")
            by_id[pid] = entry
            out.append(entry)
        self._join_paths(out, by_id)
        return out

    def _record(self, index, name):
        """Decode a path record block into a dict (size may later come from Size64)."""
        r = self.block(index, "path record")
        if len(r) < RECORD_FIXED:
            raise BomError(f"path record {index} ({name!r}) is {len(r)} bytes, need {RECORD_FIXED}")
        (ptype, one, arch, mode, uid, gid, mtime, size, one2, cksum,
         link_len) = struct.unpack_from(">BBHHIIIIBII", r)
        if ptype not in TYPE_NAMES:
            raise BomError(f"path record {index} ({name!r}) has type {ptype}")
        e = dict(type=ptype, arch=arch, mode=mode, uid=uid, gid=gid, mtime=mtime, size=size,
                 checksum=cksum, link="")
        if one != 1 or one2 != 1:
            self._note_once(f"record {index} ({name!r}): marker bytes {one}/{one2}, expected 1/1")
        sidecar = name.startswith(b"._")
        if not sidecar and (mode & S_IFMT) not in TYPE_MODE_BITS[ptype]:
            self.errors.append(f"record {index} ({name!r}): mode {mode:o} is not type {ptype}")
        if ptype == 3:
            end = RECORD_FIXED + link_len
            if link_len == 0 or end > len(r) or r[end - 1] != 0:
                raise BomError(f"symlink record {index} ({name!r}): bad linkNameLength {link_len}")
            e["link"] = r[RECORD_FIXED:end - 1].decode("utf-8", "surrogateescape")
        elif ptype == 1 and len(r) > RECORD_FIXED + 4 and r[27] == 1:
            e["slices"] = self._fat_slices(r, index, name)
        elif link_len:
            self._note_once(f"record {index} ({name!r}): linkNameLength {link_len} on a non-link")
        return e

    def _fat_slices(self, r, index, name):
        """Apple's records for universal Mach-O files: after the checksum, a byte 1, a u32 count
        and count x {cputype, cpusubtype, size, cksum}, then eight zero bytes."""
        n = struct.unpack_from(">I", r, 28)[0]
        if 32 + 16 * n > len(r):
            raise BomError(f"record {index} ({name!r}): {n} architecture slices overrun it")
        return [struct.unpack_from(">4I", r, 32 + 16 * i) for i in range(n)]

    def _join_paths(self, entries, by_id):
        """Rebuild "./a/b" paths from (parentID, name); the root is "." with parent 0."""
        roots = [e["name"] for e in entries if e["parent"] == 0]
        if roots != [b"."]:
            self.errors.append(f"expected exactly one root '.' with parent 0, found {roots}")
        memo = {}

        def path_of(e, depth):
            if e["id"] not in memo:
                if depth > len(entries):
                    raise BomError(f"parent chain of {e['name']!r} loops")
                parent = by_id.get(e["parent"])
                memo[e["id"]] = e["name"] if parent is None else \
                    path_of(parent, depth + 1) + b"/" + e["name"]
            return memo[e["id"]]

        for e in entries:
            parent = by_id.get(e["parent"])
            if e["parent"] and parent is None:
                self.errors.append(f"{e['name']!r} names parent id {e['parent']}, which does "
                                   "not exist")
            elif parent is not None and parent["type"] != 2:
                self.errors.append(f"parent of {e['name']!r} is not a directory")
            if e["parent"] and (b"/" in e["name"] or e["name"] in (b"", b".", b"..")):
                self.errors.append(f"bad path component {e['name']!r}")
            e["path"] = path_of(e, 0).decode("utf-8", "surrogateescape")

    def _apply_size64(self):
        """Size64 maps a record block index (4-byte key) to a 64-bit size (8-byte value)."""
        if "Size64" not in self.vars:
            return
        by_record = {e["record"]: e for e in self.paths}
        pairs, _ = self.walk(self.vars["Size64"], "Size64")
        for value, key in pairs:
            k, v = self.block(key, "Size64 key"), self.block(value, "Size64 value")
            if len(k) < 4 or len(v) < 8:
                raise BomError("Size64 entry with a short key or value block")
            rec, size = struct.unpack_from(">I", k)[0], struct.unpack_from(">Q", v)[0]
            e = by_record.get(rec)
            if e is None:
                self.errors.append(f"Size64 key {rec} is not the record block of any path")
                continue
            if e["size"] not in (size & 0xFFFFFFFF, 0xFFFFFFFF):
                self.warnings.append(f"{e['path']}: 32-bit size {e['size']} vs Size64 {size}")
            e["size"] = size

    def _check_hlindex(self):
        """HLIndex: key = a path's record block, value = a block naming an empty tree."""
        if "HLIndex" not in self.vars:
            return
        records = {e["record"] for e in self.paths}
        pairs, _ = self.walk(self.vars["HLIndex"], "HLIndex")
        for value, key in pairs:
            k, v = self.block(key, "HLIndex key"), self.block(value, "HLIndex value")
            if len(k) < 4 or len(v) < 4:
                raise BomError("HLIndex entry with a short key or value block")
            if struct.unpack_from(">I", k)[0] not in records:
                self.errors.append(f"HLIndex key {k[:4].hex()} is not a path record block")
            self.walk(struct.unpack_from(">I", v)[0], "HLIndex subtree")

    def _check_vindex(self):
        if "VIndex" not in self.vars:
            return
        v = self.block(self.vars["VIndex"], "VIndex")
        if len(v) < 13:
            raise BomError(f"VIndex block is {len(v)} bytes, expected 13")
        one, tree_index = struct.unpack_from(">II", v)
        if one != 1:
            self._note_once(f"VIndex first word {one}, expected 1")
        self.walk(tree_index, "VIndex tree")

    def _check_bom_info(self):
        if self.info["numberOfPaths"] != len(self.paths) + 1:
            self.errors.append(f"BomInfo numberOfPaths {self.info['numberOfPaths']} != "
                               f"{len(self.paths)} paths + 1")
        total = sum(e["size"] for e in self.paths if e["type"] in (1, 3) and "slices" not in e)
        entries = self.info["entries"]
        generic = [c for cpu, _, c, _ in entries if cpu == 0]
        if entries and generic and generic[0] != (total & 0xFFFFFFFF):
            self.warnings.append(f"BomInfo byte total {generic[0]} != {total} (files + links)")
        # Apple's: one more entry per architecture of the universal files, its slices' bytes.
        per_cpu = {}
        for e in self.paths:
            for cpu, _, size, _ in e.get("slices", []):
                per_cpu[cpu] = per_cpu.get(cpu, 0) + size
        listed = {cpu: size for cpu, _, size, _ in entries if cpu != 0}
        if listed != {cpu: size & 0xFFFFFFFF for cpu, size in per_cpu.items()}:
            self.errors.append(f"BomInfo architectures {listed} != the universal files' {per_cpu}")

    def _check_dir_sizes(self):
        """APFS-style directory sizes: 32 x (children + 2), `._` sidecars not counted."""
        children = {}
        for e in self.paths:
            if e["parent"] and not e["name"].startswith(b"._"):
                children[e["parent"]] = children.get(e["parent"], 0) + 1
        self.dir_size_mismatches = []
        for e in self.paths:
            if e["type"] == 2 and e["size"] != 32 * (children.get(e["id"], 0) + 2):
                self.dir_size_mismatches.append(
                    f"{e['path']}: size {e['size']}, 32 x (children + 2) = "
                    f"{32 * (children.get(e['id'], 0) + 2)}")


PUBLIC_KEYS = ("path", "type", "mode", "uid", "gid", "mtime", "size", "checksum", "link", "arch")


def public_entry(e):
    """The JSON shape of one path entry: type as a name, type_code as the record's number."""
    return dict({k: (TYPE_NAMES[e[k]] if k == "type" else e[k]) for k in PUBLIC_KEYS},
                type_code=e["type"])


def emit(tool, errors, warnings, limit=25):
    """Print warnings then errors to stderr (at most `limit` of each); returns the exit status."""
    for kind, msgs in (("warning", warnings), ("error", errors)):
        for msg in msgs[:limit]:
            print(f"{tool}: {kind}: {msg}", file=sys.stderr)
        if len(msgs) > limit:
            print(f"{tool}: {kind}: ... and {len(msgs) - limit} more", file=sys.stderr)
    return 1 if errors else 0


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 1 or flags - {"--json", "--strict-dir-sizes"}:
        print("usage: check_bom.py <Bom file> [--json] [--strict-dir-sizes]", file=sys.stderr)
        return 2
    try:
        with open(args[0], "rb") as f:
            bom = Bom(f.read())
    except (OSError, BomError) as exc:
        return emit("check_bom", [str(exc)], [])
    errors = list(bom.errors)
    (errors if "--strict-dir-sizes" in flags else bom.warnings).extend(
        f"directory size {m}" for m in bom.dir_size_mismatches)
    if "--json" in flags:
        print(json.dumps([public_entry(e) for e in bom.paths], indent=1))
    else:
        for e in bom.paths:
            print(f"{e['path']}\t{TYPE_NAMES[e['type']]}\t{e['mode']:o}\t{e['uid']}/{e['gid']}\t"
                  f"{e['size']}\t{e['checksum']}\t{e['link']}")
    return emit("check_bom", errors, bom.warnings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
