#!/usr/bin/env python3
"""Independent checker for Apple flat installer packages (component packages and product archives).

Written from public format descriptions (xar, cpio odc, go-macos-pkg's docs) and Apple-made
samples, not from Shipyard's writer. Needs Python 3.11, lxml, and GNU `cksum` on PATH.

Usage: check_pkg.py <pkg> [--component|--product] [--json] [--strict-dir-sizes]

Reads the xar (header, zlib TOC, TOC digest, every member's archived/extracted checksum, a staple
trailer past the archive's end), then each component: the Payload (exactly one gzip member holding
an odc cpio, via check_payload.py), the Bom (via check_bom.py) against the cpio entry by entry with
POSIX cksum (ours and GNU's), PackageInfo (lxml) against the payload, Scripts, and for a product
archive the Distribution's choices-outline -> choice -> pkg-ref -> #<Name>.pkg chain.
Exits 1 with "check_pkg: error: ..." lines on stderr on any disagreement.
"""
import hashlib
import json
import struct
import subprocess
import sys
import zlib
from urllib.parse import unquote

from lxml import etree

sys.dont_write_bytecode = True  # keep __pycache__ out of the test tree
from check_bom import TYPE_NAMES, Bom, BomError, emit  # noqa: E402
from check_payload import (BOM_TYPE_FOR, S_IFDIR, S_IFLNK, S_IFMT, S_IFREG,  # noqa: E402
                           PkgError, Report, check_cpio_tree, gnu_cksums, gunzip_single,
                           install_kbytes, is_sidecar, parse_cpio, posix_cksum)

HEADER_ALGS = {0: None, 1: "sha1", 2: "md5", 3: "sha256", 4: "sha512"}
SCRIPT_NAMES = {"preflight", "preinstall", "preupgrade", "postinstall", "postupgrade", "postflight"}
XML = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True)


# -- xar ---------------------------------------------------------------------------------------
def read_xar(data, rep):
    """Parse and verify the xar container; returns {member path: decoded bytes}."""
    if len(data) < 28 or data[:4] != b"xar!":
        raise PkgError("not a xar archive (no 'xar!' magic)")
    hsize, version, toc_len, toc_size, alg = struct.unpack_from(">HHQQI", data, 4)
    if not 28 <= hsize <= 64 or version != 1:
        raise PkgError(f"xar header size {hsize} / version {version} (expected 28..64 / 1)")
    if alg not in HEADER_ALGS:
        raise PkgError(f"unknown xar checksum algorithm {alg}")
    # upstream xar names the algorithm after the 28 bytes when alg is 3 ("other")
    named = data[28:hsize].split(b"\0")[0].decode("ascii", "replace").lower() if hsize > 28 else ""
    alg_name = named if alg == 3 and named else HEADER_ALGS[alg]
    toc_z = data[hsize:hsize + toc_len]
    inflater = zlib.decompressobj()
    try:
        toc_xml = inflater.decompress(toc_z)
    except zlib.error as exc:
        raise PkgError(f"TOC is not zlib data: {exc}")
    if len(toc_z) != toc_len or not inflater.eof or inflater.unused_data:
        raise PkgError("TOC zlib stream does not end exactly at the header's compressed length")
    if len(toc_xml) != toc_size:
        raise PkgError(f"TOC inflates to {len(toc_xml)} bytes, header says {toc_size}")
    toc = etree.fromstring(toc_xml, XML).find("toc")
    if toc is None:
        raise PkgError("TOC has no <xar><toc>")
    heap = hsize + toc_len
    regions = []
    cks = toc.find("checksum")
    if alg_name is None:
        rep.warn("xar header names no TOC checksum")
    elif cks is None or cks.get("style", "").lower() != alg_name:
        rep.error(f"TOC <checksum> style {cks.get('style') if cks is not None else None!r} "
                  f"!= header algorithm {alg_name}")
    else:
        off, size = int(cks.findtext("offset")), int(cks.findtext("size"))
        regions.append(("TOC checksum", off, size))
        digest = hashlib.new(alg_name, toc_z).digest()
        if size != len(digest) or data[heap + off:heap + off + size] != digest:
            rep.error(f"TOC {alg_name} digest in the heap does not match the compressed TOC")
    for tag in ("signature", "x-signature"):
        sig = toc.find(tag)
        if sig is not None:
            regions.append((tag, int(sig.findtext("offset")), int(sig.findtext("size"))))
    ctx = dict(rep=rep, data=data, heap=heap, regions=regions, members={}, listing=[])
    walk_toc(toc, "", ctx)
    check_regions(regions, rep)
    end = heap + max([o + s for _, o, s in regions], default=0)
    if end > len(data):
        raise PkgError(f"heap data runs to {end}, past the file's {len(data)} bytes")
    trailer = data[end:]
    rep.summary["xar"] = dict(header_size=hsize, toc_compressed=toc_len, toc_uncompressed=toc_size,
                              toc_checksum=alg_name, signature=toc.find("signature") is not None,
                              x_signature=toc.find("x-signature") is not None, archive_end=end)
    rep.summary["members"] = ctx["listing"]
    rep.summary["trailer_length"] = len(trailer)
    if trailer:
        rep.warn(f"{len(trailer)} bytes after the archive's end (staple trailer?), "
                 f"starting {trailer[:4]!r}")
    return ctx["members"]


def walk_toc(parent, prefix, ctx):
    """Visit <file> elements depth-first; verify and decode each member's <data> (and <ea>s)."""
    for f in parent.findall("file"):
        names = {n.text for n in f.findall("name")}  # Apple repeats <name>; all must agree
        name = next(iter(names)) if len(names) == 1 else None
        if not name or "/" in name:
            ctx["rep"].error(f"TOC file id {f.get('id')} has names {sorted(map(str, names))}")
            continue
        path, ftype = prefix + name, f.findtext("type")
        for i, ea in enumerate(f.findall("ea")):
            heap_blob(ea, f"{path} <ea> {ea.findtext('name') or i}", ctx)
        if ftype == "directory":
            walk_toc(f, path + "/", ctx)
        elif ftype != "file" or f.find("data") is None:
            ctx["rep"].error(f"member {path}: type {ftype!r} without data is not expected in a pkg")
        else:
            out = heap_blob(f.find("data"), f"member {path}", ctx)
            if out is not None:
                ctx["members"][path] = out


def heap_blob(d, what, ctx):
    """Check one <data>/<ea> region: bounds, archived checksum, decoding, size, extracted
    checksum. Returns the decoded bytes or None."""
    rep = ctx["rep"]
    off, length, size = (int(d.findtext(k, "-1")) for k in ("offset", "length", "size"))
    enc = d.find("encoding").get("style") if d.find("encoding") is not None else None
    ctx["regions"].append((what, off, length))
    ctx["listing"].append(dict(path=what.removeprefix("member "), encoding=enc, length=length,
                               size=size))
    raw = ctx["data"][ctx["heap"] + off:ctx["heap"] + off + length]
    if off < 0 or len(raw) != length:
        rep.error(f"{what}: data {off}+{length} lies outside the file")
        return None
    verify_digest(d.find("archived-checksum"), raw, f"{what} archived-checksum", rep)
    if enc in (None, "application/octet-stream"):
        out = raw
    elif enc == "application/x-gzip":  # despite the name, a zlib (RFC 1950) stream
        z = zlib.decompressobj()
        try:
            out = z.decompress(raw)
        except zlib.error as exc:
            rep.error(f"{what}: zlib data corrupt: {exc}")
            return None
        if not z.eof or z.unused_data:
            rep.error(f"{what}: zlib stream truncated or followed by extra bytes")
    else:
        rep.error(f"{what}: unsupported encoding {enc}")
        return None
    if len(out) != size:
        rep.error(f"{what}: decodes to {len(out)} bytes, <size> says {size}")
    verify_digest(d.find("extracted-checksum"), out, f"{what} extracted-checksum", rep)
    return out


def verify_digest(el, blob, what, rep):
    style = (el.get("style") or "").lower().replace("-", "") if el is not None else None
    if style not in HEADER_ALGS.values() or not style:
        rep.error(f"{what}: missing or of unknown style")
    elif hashlib.new(style, blob).hexdigest() != (el.text or "").strip().lower():
        rep.error(f"{what} ({style}) does not match the bytes")


def check_regions(regions, rep):
    spans = sorted((o, o + s, n) for n, o, s in regions if s)
    for (a0, e0, n0), (a1, _, n1) in zip(spans, spans[1:]):
        if a1 < e0:
            rep.error(f"heap regions overlap: {n0} ({a0}..{e0}) and {n1} (from {a1})")


def fat_slices(data):
    """A universal Mach-O file's (cputype, cpusubtype, size, cksum) per architecture, as mkbom
    records them; [] for any other file (a thin Mach-O, a Java class: FAT_MAGIC with 1 to 32
    architectures whose slices lie inside the file)."""
    if len(data) < 8 or data[:4] != b"\xca\xfe\xba\xbe":
        return []
    count = struct.unpack_from(">I", data, 4)[0]
    if not 1 <= count <= 32 or len(data) < 8 + 20 * count:
        return []
    slices = []
    for index in range(count):
        cpu, sub, offset, size, _ = struct.unpack_from(">5I", data, 8 + 20 * index)
        if offset + size > len(data):
            return []
        slices.append((cpu, sub, size, posix_cksum(data[offset:offset + size])))
    return slices


def compare_bom_payload(bom, entries, what, rep):
    """Bom records must describe the cpio entries exactly."""
    by_path = {e["path"]: e for e in bom.paths}
    cpio_paths = {e["path"] for e in entries}
    for label, diff in (("in the Payload but not the Bom", cpio_paths - by_path.keys()),
                        ("in the Bom but not the Payload", by_path.keys() - cpio_paths)):
        if diff:
            rep.error(f"{what}: {len(diff)} paths {label}: {sorted(diff)[:5]}")
    files = []
    for c in entries:
        b = by_path.get(c["path"])
        if b is None:
            continue
        p, kind, sidecar = c["path"], c["mode"] & S_IFMT, is_sidecar(c["path"])
        if (b["uid"], b["gid"]) != (c["uid"], c["gid"]):
            rep.error(f"{what}: {p} owner {b['uid']}/{b['gid']} in the Bom, "
                      f"{c['uid']}/{c['gid']} in cpio")
        if sidecar:  # Apple records `._` AppleDouble files as type 1 with the owner's mode, size 0
            continue
        if BOM_TYPE_FOR.get(kind) != b["type"]:
            rep.error(f"{what}: {p} is {TYPE_NAMES[b['type']]} in the Bom, mode {kind:o} in cpio")
        if b["mode"] != c["mode"] & 0xFFFF:
            rep.error(f"{what}: {p} mode {b['mode']:o} in the Bom, {c['mode']:o} in cpio")
        if b["mtime"] != c["mtime"]:
            rep.warn(f"{what}: {p} mtime {b['mtime']} in the Bom, {c['mtime']} in cpio")
        if kind in (S_IFREG, S_IFLNK) and b["size"] != c["size"]:
            rep.error(f"{what}: {p} size {b['size']} in the Bom, {c['size']} in cpio")
        if kind == S_IFLNK:
            target = c["data"].decode("utf-8", "surrogateescape")
            if b["link"] != target:
                rep.error(f"{what}: {p} links to {b['link']!r} in the Bom, {target!r} in cpio")
            if b["checksum"] != posix_cksum(c["data"]):
                rep.warn(f"{what}: symlink {p} checksum {b['checksum']} != cksum of its target")
        elif kind == S_IFREG:
            ours = posix_cksum(c["data"])
            if b["checksum"] != ours:
                rep.error(f"{what}: {p} Bom checksum {b['checksum']} != POSIX cksum {ours}")
            files.append((p, c["data"], ours))
            slices = fat_slices(c["data"])
            if [tuple(x) for x in b.get("slices", [])] != slices:
                rep.error(f"{what}: {p} architectures {b.get('slices', [])} in the Bom, "
                          f"{slices} in its bytes")
            if b["arch"] != (0x200F if slices else 15):
                rep.error(f"{what}: {p} architecture field {b['arch']:#x}")
    for (p, _, ours), gnu in zip(files, gnu_cksums([d for _, d, _ in files])):
        if gnu != ours:
            rep.error(f"{what}: {p}: our POSIX cksum {ours} != GNU cksum {gnu}")


# -- XML documents -----------------------------------------------------------------------------
def check_package_info(xml, entries, scripts, what, rep):
    """PackageInfo against the payload (and the Scripts archive, if any); returns its summary."""
    root = etree.fromstring(xml, XML)
    attrs = dict(root.attrib)
    if root.tag != "pkg-info":
        rep.error(f"{what}/PackageInfo: root element is <{root.tag}>, expected <pkg-info>")
    if attrs.get("format-version") != "2":
        rep.error(f"{what}/PackageInfo: format-version {attrs.get('format-version')!r}, not '2'")
    for key in ("identifier", "version", "install-location"):
        if not attrs.get(key):
            rep.error(f"{what}/PackageInfo: missing {key}")
    if attrs.get("install-location", "/")[:1] != "/":
        rep.error(f"{what}/PackageInfo: install-location is not absolute")
    if attrs.get("auth", "").lower() not in ("root", "none"):
        rep.error(f"{what}/PackageInfo: auth {attrs.get('auth')!r}, expected root or none")
    payload = root.find("payload")
    expect = dict(numberOfFiles=len(entries), installKBytes=install_kbytes(entries))
    if payload is None:
        rep.error(f"{what}/PackageInfo: no <payload> element")
    else:
        for key, value in expect.items():
            if payload.get(key) != str(value):
                rep.error(f"{what}/PackageInfo: payload {key}={payload.get(key)!r}, "
                          f"computed {value}")
    paths = {e["path"]: e for e in entries}
    for bundle in root.iter("bundle"):
        where = bundle.get("path")
        if where and paths.get(where, {}).get("mode", 0) & S_IFMT != S_IFDIR:
            rep.error(f"{what}/PackageInfo: bundle path {where} is not a payload directory")
    wanted = [(s.tag, s.get("file")) for s in root.findall("scripts/*")]
    have = {e["path"]: e for e in scripts or []}
    for tag, file in wanted:
        e = have.get(file)
        if tag not in SCRIPT_NAMES:
            rep.warn(f"{what}/PackageInfo: unknown script kind <{tag}>")
        if e is None or e["mode"] & S_IFMT != S_IFREG or not e["mode"] & 0o111:
            rep.error(f"{what}: script {tag} -> {file} is not an executable file in Scripts")
    if scripts is not None and not wanted:
        rep.warn(f"{what}: a Scripts archive but no <scripts> in PackageInfo")
    return dict(attributes=attrs, payload=dict(payload.attrib) if payload is not None else None,
                computed=expect, scripts=[f for _, f in wanted])


def check_distribution(xml, components, rep):
    """choices-outline -> choice -> pkg-ref id -> top-level pkg-ref whose text is #<Name>.pkg."""
    root = etree.fromstring(xml, XML)
    if root.tag != "installer-gui-script":
        rep.error(f"Distribution: root element is <{root.tag}>, expected <installer-gui-script>")
    outline = {line.get("choice") for line in root.iter("line")}
    choices = {c.get("id"): {r.get("id") for r in c.findall("pkg-ref")}
               for c in root.findall("choice")}
    refs = {}
    for r in root.findall("pkg-ref"):
        refs.setdefault(r.get("id"), {}).update({k: v for k, v in r.attrib.items()})
        if (r.text or "").strip():
            refs[r.get("id")]["href"] = r.text.strip()
    for c in outline - choices.keys():
        rep.error(f"Distribution: choices-outline names choice {c!r}, which is not defined")
    for name, info in components.items():
        ref_id = next((i for i, r in refs.items() if unquote(r.get("href", "")) == f"#{name}"),
                      None)
        if ref_id is None:
            rep.error(f"Distribution: no <pkg-ref> with text #{name} (component {name})")
            continue
        ref = refs[ref_id]
        holders = [c for c, ids in choices.items() if ref_id in ids]
        if not any(c in outline for c in holders):
            rep.error(f"Distribution: pkg-ref {ref_id} is in no choice on the choices-outline")
        pi = info["attributes"]
        if ref.get("version") != pi.get("version"):
            rep.error(f"Distribution: pkg-ref {ref_id} version {ref.get('version')!r} != "
                      f"PackageInfo {pi.get('version')!r}")
        kb = (info["payload"] or {}).get("installKBytes")
        if ref.get("installKBytes") != kb:
            rep.error(f"Distribution: pkg-ref {ref_id} installKBytes {ref.get('installKBytes')!r}"
                      f" != PackageInfo {kb!r}")
        if ref_id != pi.get("identifier"):
            rep.warn(f"Distribution: pkg-ref id {ref_id} != PackageInfo identifier "
                     f"{pi.get('identifier')}")
    arch = [o.get("hostArchitectures") for o in root.findall("options")
            if o.get("hostArchitectures")]
    for token in ",".join(arch).split(",") if arch else []:
        if token.strip() not in ("arm64", "x86_64", "i386"):
            rep.error(f"Distribution: hostArchitectures has unknown {token!r}")
    return dict(minSpecVersion=root.get("minSpecVersion"), title=root.findtext("title"),
                hostArchitectures=arch[0] if arch else None, outline=sorted(outline),
                choices={k: sorted(v) for k, v in choices.items()}, pkg_refs=refs)


# -- driver ------------------------------------------------------------------------------------
def check_component(members, prefix, name, rep, strict_dirs):
    """Check one component (members under `prefix`); returns its summary."""
    what = name or "package"
    need = {k: members.get(prefix + k) for k in ("Bom", "Payload", "PackageInfo")}
    for k, v in need.items():
        if v is None:
            raise PkgError(f"{what}: no {k} member")
    raw = gunzip_single(need["Payload"], f"{what}/Payload", rep)
    entries, pad = parse_cpio(raw, f"{what}/Payload")
    if pad:
        rep.warn(f"{what}/Payload: {pad} zero bytes after TRAILER!!!")
    check_cpio_tree(entries, f"{what}/Payload", rep, True)
    scripts = None
    if prefix + "Scripts" in members:
        raw = gunzip_single(members[prefix + "Scripts"], f"{what}/Scripts", rep)
        scripts, _ = parse_cpio(raw, f"{what}/Scripts")
        check_cpio_tree(scripts, f"{what}/Scripts", rep, False)
    try:
        bom = Bom(need["Bom"])
    except BomError as exc:
        raise PkgError(f"{what}/Bom: {exc}")
    for msg in bom.errors:
        rep.error(f"{what}/Bom: {msg}")
    for msg in bom.warnings:
        rep.warn(f"{what}/Bom: {msg}")
    for msg in bom.dir_size_mismatches:
        (rep.error if strict_dirs else rep.warn)(f"{what}/Bom: directory size {msg}")
    compare_bom_payload(bom, entries, what, rep)
    info = check_package_info(need["PackageInfo"], entries, scripts, what, rep)
    info.update(name=name, paths=[e["path"] for e in entries],
                dir_sizes={e["path"]: e["size"] for e in bom.paths if e["type"] == 2},
                bom_info=bom.info)
    return info


def check_package(data, rep, want=None, strict_dirs=False):
    members = read_xar(data, rep)
    tops = {p.split("/")[0] for p in members}
    kind = "product" if "Distribution" in members else "component"
    rep.summary["kind"] = kind
    if want and want != kind:
        raise PkgError(f"expected a {want} package, found a {kind} package "
                       f"(members {sorted(tops)})")
    if kind == "component":
        extra = tops - {"Bom", "Payload", "PackageInfo", "Scripts"}
        if extra:
            rep.warn(f"unexpected members in a component package: {sorted(extra)}")
        comps = {"": check_component(members, "", "", rep, strict_dirs)}
    else:
        names = sorted(t for t in tops if t.endswith(".pkg"))
        if not names:
            raise PkgError("product archive has no <Name>.pkg component")
        extra = tops - set(names) - {"Distribution", "Resources", "Plugins"}
        if extra:
            rep.warn(f"unexpected members in a product archive: {sorted(extra)}")
        comps = {n: check_component(members, n + "/", n, rep, strict_dirs) for n in names}
        rep.summary["distribution"] = check_distribution(members["Distribution"], comps, rep)
    rep.summary["components"] = list(comps.values())
    if len(comps) == 1:
        only = next(iter(comps.values()))
        rep.summary.update(paths=only["paths"], package_info=only["attributes"])


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 1 or flags - {"--json", "--component", "--product", "--strict-dir-sizes"} \
            or {"--component", "--product"} <= flags:
        print("usage: check_pkg.py <pkg> [--component|--product] [--json] [--strict-dir-sizes]",
              file=sys.stderr)
        return 2
    want = "component" if "--component" in flags else "product" if "--product" in flags else None
    rep = Report()
    try:
        with open(args[0], "rb") as f:
            check_package(f.read(), rep, want, "--strict-dir-sizes" in flags)
    except (OSError, PkgError, etree.XMLSyntaxError, ValueError,
            subprocess.CalledProcessError) as exc:
        rep.error(str(exc))
    s = rep.summary
    if "--json" in flags:
        print(json.dumps(dict(s, errors=rep.errors, warnings=rep.warnings), indent=1, default=str))
    else:
        print(f"kind: {s.get('kind')}\ttoc checksum: {s.get('xar', {}).get('toc_checksum')}\t"
              f"trailer: {s.get('trailer_length')}")
        print("".join(f"member: {m['path']}\t{m['encoding']}\t{m['length']}\t{m['size']}\n"
                      for m in s.get("members", [])), end="")
        for c in s.get("components", []):
            print(f"component: {c['name'] or '.'}\t{c['attributes'].get('identifier')}\t"
                  f"{c['attributes'].get('version')}\t{len(c['paths'])} paths\t{c['payload']}")
    return emit("check_pkg", rep.errors, rep.warnings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
