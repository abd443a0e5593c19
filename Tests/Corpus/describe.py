#!/usr/bin/env python3
"""Describe the real-code corpus with tools that are not Shipyard.

Runs over the cache that scripts/fetch-corpus.sh fills and writes
Tests/Corpus/specimens.json.  Every fact comes from one of:

  lief           Mach-O headers, load commands, LC_CODE_SIGNATURE bytes
  this file      small readers of the code signature superblob and of BER/DER
                 (struct + hashlib), cross-checked against apple-platform-py
  apple-platform-py (rcodesign's engine): read_signature, verify_macho,
                 bundle_info; CMS signature checks
  asn1crypto     CMS / TSTInfo / certificate fields
  openssl        certificate subjects and timestamp genTime (cross-check)
  llvm-lipo-14   architectures (cross-check) and the merged pair
  llvm-objdump-14 filetype, LC_BUILD_VERSION / LC_VERSION_MIN_MACOSX (cross-check)
  plistlib       Info.plist, CodeResources, entitlements XML

Usage:
  python3 Tests/Corpus/describe.py [--cache DIR] [--out FILE] [--check]
  python3 Tests/Corpus/describe.py pin NAME VERSION FILENAME   # a wheels.tsv line

--check regenerates in memory and exits 1 if the facts in specimens.json would change (the
tools' versions aside).
Needs: pip install lief apple-platform-py asn1crypto; openssl, llvm-lipo-14,
llvm-objdump-14 on PATH (Debian package llvm-14) -- missing CLI tools only drop
the cross-checks, and are reported in the output.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import lief
from asn1crypto import cms as a_cms
from asn1crypto import core as a_core
from asn1crypto import tsp as a_tsp
from asn1crypto import x509 as a_x509

import apple_platform as ap
from apple_platform import packaging as ap_pkg

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
# Expiry facts are stated against this fixed instant, so the file is stable.
REFERENCE_TIME = dt.datetime(2026, 12, 6, tzinfo=dt.timezone.utc)

# ---------------------------------------------------------------------------
# The specimens.  `path` is inside <cache>/<wheel without .whl>/.
# ---------------------------------------------------------------------------

SDL = "pysdl2_dll-2.32.10-py2.py3-none-macosx_11_0_universal2.whl"
MITM = "mitmproxy_macos-0.12.15-py3-none-any.whl"
PYLON = "pypylon-26.10-cp39-abi3-macosx_14_0_arm64.whl"
CMAKE = "cmake-4.4.5-py3-none-macosx_10_10_universal2.whl"
DENO = "deno-2.9.8-py3-none-macosx_11_0_arm64.whl"
RUFF = "ruff-0.17.6-py3-none-macosx_11_0_arm64.whl"
NINJA = "ninja-1.13.2-py3-none-macosx_10_9_universal2.whl"
MS_X86 = "markupsafe-3.0.4-cp312-cp312-macosx_10_13_x86_64.whl"
MS_ARM = "markupsafe-3.0.4-cp312-cp312-macosx_11_0_arm64.whl"

SPECIMENS = [
    dict(id="sdl2-framework", wheel=SDL, kind="framework",
         path="sdl2dll/dll/SDL2.framework", cases=[5, 7, 8],
         purpose="Framework sealed by Apple's codesign ad hoc (codesign -s -): "
                 "SHA-1 CodeDirectory in slot 0 plus SHA-256 alternate in 0x1000, "
                 "an empty (8-byte) CMS blob, universal x86_64+arm64, CodeResources "
                 "present; the wheel lost the framework's symlinks."),
    dict(id="sdl2-image-framework", wheel=SDL, kind="framework",
         path="sdl2dll/dll/SDL2_image.framework", cases=[5, 7, 8, 9],
         purpose="Ad hoc framework holding two other ad hoc signed frameworks "
                 "(Versions/A/Frameworks/avif.framework, webp.framework) that its own "
                 "CodeResources does not seal (they were added after signing): the "
                 "outer seal verifies file by file but leaves nested code unsealed."),
    dict(id="mitmproxy-redirector-app", wheel=MITM, kind="app",
         path="mitmproxy_macos/Mitmproxy Redirector.app", cases=[1, 3, 4, 6, 8, 9],
         purpose="Developer ID app built and signed by Xcode/codesign (BER CMS), "
                 "hardened runtime, entitlements + DER entitlements, provisioning "
                 "profile, stapled notarization ticket at Contents/CodeResources, "
                 "nested system extension. The wheel ships it as a tar "
                 "(mitmproxy_macos/Mitmproxy Redirector.app.tar) which "
                 "fetch-corpus.sh extracts beside itself, so this bundle is intact."),
    dict(id="pylon-framework", wheel=PYLON, kind="framework",
         path="pypylon/pylon.framework", cases=[1, 3, 6, 8, 9],
         purpose="Developer ID framework sealed by Apple's codesign (BER CMS) with "
                 "nested signed dylibs/plugins in Versions/A/Libraries and a signed "
                 "tool in Resources/Tools; no hardened runtime (flags 0). The wheel "
                 "replaced every symlink with a copy of its target, dropped Headers/ and "
                 "some Resources (208 of 240 sealed files missing) and added two "
                 "unsealed license files: every Mach-O verifies, the seal does not."),
    dict(id="cmake", wheel=CMAKE, kind="macho",
         path="cmake/data/bin/cmake", cases=[1, 3, 4, 7, 8],
         purpose="Kitware's Developer ID universal executable (BER CMS): SHA-1 + "
                 "SHA-256 CodeDirectories in a CMS signature (two cdhashes in the "
                 "signed attributes), hardened runtime, entitlements, arm64 slice "
                 "with 16 KiB pages, x86_64 with 4 KiB pages."),
    dict(id="deno", wheel=DENO, kind="macho",
         path="deno-2.9.8.data/scripts/deno", cases=[2, 3, 10],
         purpose="JIT runtime signed with Developer ID by a non-Apple signer (DER "
                 "CMS): hardened runtime, allow-jit entitlements, DER entitlements."),
    dict(id="ruff", wheel=RUFF, kind="macho",
         path="ruff-0.17.6.data/scripts/ruff", cases=[2, 4],
         purpose="Developer ID, DER CMS, hardened runtime, no entitlements, arm64 "
                 "with 16 KiB pages; its TSA certificate expires 2026-12-11."),
    dict(id="ninja", wheel=NINJA, kind="macho",
         path="ninja-1.13.2.data/scripts/ninja", cases=[5, 8],
         purpose="Small universal binary whose x86_64 slice is unsigned and whose "
                 "arm64 slice carries only the linker's signature."),
    dict(id="markupsafe-x86_64", wheel=MS_X86, kind="macho",
         path="markupsafe/_speedups.cpython-312-darwin.so", cases=[11],
         purpose="Thin x86_64 MH_BUNDLE (unsigned); pairs with markupsafe-arm64."),
    dict(id="markupsafe-arm64", wheel=MS_ARM, kind="macho",
         path="markupsafe/_speedups.cpython-312-darwin.so", cases=[5, 11],
         purpose="Thin arm64 MH_BUNDLE, linker-signed; pairs with markupsafe-x86_64."),
]

# Thin pairs to merge; the fact is what llvm-lipo makes of them.
PAIRS = [
    dict(id="markupsafe-universal", inputs=["markupsafe-x86_64", "markupsafe-arm64"],
         cases=[11]),
]

CASES = {
    1: "Developer ID signature made by Apple's codesign (CMS is BER, indefinite lengths)",
    2: "Developer ID signature made by another signer (DER CMS)",
    3: "Timestamp authority certificate expired by 2026-12-06",
    4: "arm64 code directory with 16 KiB pages",
    5: "Linker-signed and/or ad hoc code",
    6: ".app or .framework sealed by codesign (_CodeSignature/CodeResources)",
    7: "SHA-1 CodeDirectory in slot 0 plus SHA-256 alternate (0x1000)",
    8: "Universal (fat) binary",
    9: "Nested code (bundles or frameworks inside a bundle)",
    10: "JIT runtime with allow-jit entitlement and hardened runtime",
    11: "Two thin builds of the same Mach-O to merge with lipo",
}

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

CPU_NAMES = {7: "i386", 0x01000007: "x86_64", 12: "arm", 0x0100000C: "arm64",
             0x0200000C: "arm64_32"}
HASH_TYPES = {1: "sha1", 2: "sha256", 3: "sha256-truncated", 4: "sha384"}
HASH_FUNCS = {1: hashlib.sha1, 2: hashlib.sha256, 4: hashlib.sha384,
              3: lambda d=b"": _Trunc(hashlib.sha256(d))}
CS_FLAGS = [(0x1, "valid"), (0x2, "adhoc"), (0x4, "get-task-allow"), (0x8, "installer"),
            (0x10, "forced-lv"), (0x20, "invalid-allowed"), (0x100, "hard"),
            (0x200, "kill"), (0x400, "check-expiration"), (0x800, "restrict"),
            (0x1000, "enforcement"), (0x2000, "library-validation"),
            (0x10000, "runtime"), (0x20000, "linker-signed")]
BLOB_MAGICS = {0xFADE0C02: "CodeDirectory", 0xFADE0C01: "Requirements",
               0xFADE7171: "Entitlements", 0xFADE7172: "EntitlementsDER",
               0xFADE0B01: "CMS", 0xFADE0C00: "Requirement"}
OID_TST = "1.2.840.113549.1.9.16.2.14"
OID_CDHASHES_PLIST = "1.2.840.113635.100.9.1"
OID_CDHASHES2 = "1.2.840.113635.100.9.2"
FILETYPES = {1: "MH_OBJECT", 2: "MH_EXECUTE", 6: "MH_DYLIB", 8: "MH_BUNDLE",
             7: "MH_DYLINKER", 9: "MH_DYLIB_STUB", 11: "MH_KEXT_BUNDLE"}
PLATFORMS = {1: "macos", 2: "ios", 3: "tvos", 4: "watchos", 6: "maccatalyst",
             11: "visionos"}


class _Trunc:
    def __init__(self, h):
        self.h = h

    def update(self, d):
        self.h.update(d)

    def digest(self):
        return self.h.digest()[:20]


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def utc(t) -> str | None:
    if t is None:
        return None
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def run(cmd, **kw) -> subprocess.CompletedProcess | None:
    if shutil.which(cmd[0]) is None:
        return None
    return subprocess.run(cmd, capture_output=True, **kw)


def flag_names(flags: int) -> list[str]:
    return [n for bit, n in CS_FLAGS if flags & bit]


def version_str(v) -> str:
    parts = list(v)
    while len(parts) > 2 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(x) for x in parts)


# ---------------------------------------------------------------------------
# BER/DER reader: a tree of TLVs with what DER forbids noted on each node.
# ---------------------------------------------------------------------------

UNIVERSAL = {1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING", 5: "NULL",
             6: "OID", 12: "UTF8String", 16: "SEQUENCE", 17: "SET",
             19: "PrintableString", 22: "IA5String", 23: "UTCTime", 24: "GeneralizedTime"}


class Node:
    __slots__ = ("cls", "constructed", "tag", "start", "cstart", "cend", "end",
                 "indefinite", "nonminimal", "children")

    def name(self) -> str:
        if self.cls == 0:
            return UNIVERSAL.get(self.tag, f"UNIVERSAL {self.tag}")
        if self.cls == 2:
            return f"[{self.tag}]"
        return f"{['UNIVERSAL', 'APPLICATION', 'CONTEXT', 'PRIVATE'][self.cls]} {self.tag}"


def ber_parse(buf: bytes, pos: int = 0, end: int | None = None, depth: int = 0) -> Node:
    end = len(buf) if end is None else end
    n = Node()
    n.start = pos
    b = buf[pos]
    pos += 1
    n.cls, n.constructed, n.tag = b >> 6, bool(b & 0x20), b & 0x1F
    if n.tag == 0x1F:
        n.tag = 0
        while True:
            b = buf[pos]
            pos += 1
            n.tag = (n.tag << 7) | (b & 0x7F)
            if not b & 0x80:
                break
    lb = buf[pos]
    pos += 1
    n.indefinite = lb == 0x80
    n.nonminimal = False
    length = None
    if lb < 0x80:
        length = lb
    elif lb > 0x80:
        k = lb & 0x7F
        raw = buf[pos:pos + k]
        pos += k
        length = int.from_bytes(raw, "big")
        n.nonminimal = length < 0x80 or raw[0] == 0
    n.cstart = pos
    n.children = []
    if n.indefinite:
        if not n.constructed:
            raise ValueError("indefinite length on a primitive")
        while buf[pos:pos + 2] != b"\x00\x00":
            c = ber_parse(buf, pos, end, depth + 1)
            n.children.append(c)
            pos = c.end
        n.cend = pos
        n.end = pos + 2
    else:
        n.cend = pos + length
        n.end = n.cend
        if n.end > end:
            raise ValueError("TLV runs past its parent")
        if n.constructed:
            while pos < n.cend:
                c = ber_parse(buf, pos, n.cend, depth + 1)
                n.children.append(c)
                pos = c.end
    return n


def walk(n: Node, path: str = ""):
    """Yields (node, path); a path reads like "SEQUENCE/1:[0]/0:SEQUENCE" (child index:tag)."""
    here = path or n.name()
    yield n, here
    for i, c in enumerate(n.children):
        yield from walk(c, f"{here}/{i}:{c.name()}")


def ber_summary(buf: bytes, root: Node, names: dict[str, str] | None = None) -> dict:
    """Counts of BER-only encodings below root, and where indefinite lengths are."""
    indef, nonmin, cstr = [], 0, 0
    for n, p in walk(root):
        if n.indefinite:
            indef.append(p)
        if n.nonminimal:
            nonmin += 1
        if n.constructed and n.cls == 0 and n.tag in (3, 4, 12, 19, 22):
            cstr += 1
    if names:
        def rename(p):
            # the longest known prefix gets its name; the rest stays as tags
            for k in sorted(names, key=len, reverse=True):
                if p == k or p.startswith(k + "/"):
                    return names[k] + p[len(k):]
            return p
        indef = [rename(p) for p in indef]
    first = buf[root.start:root.start + 2].hex()
    enc = "BER-indefinite" if indef else ("DER" if not nonmin and not cstr else "BER")
    return {"encoding": enc, "first_bytes": first, "indefinite_length_nodes": indef,
            "nonminimal_length_count": nonmin, "constructed_string_count": cstr}


def child(n: Node, cls: int, tag: int) -> Node | None:
    for c in n.children:
        if c.cls == cls and c.tag == tag:
            return c
    return None


def der_roundtrip(raw: bytes, spec) -> bool:
    """True when asn1crypto re-encodes the value to the same bytes (strict DER)."""
    try:
        v = spec.load(raw)
        return v.dump(force=True) == raw
    except Exception:
        return False


# ---------------------------------------------------------------------------
# Code signature superblob
# ---------------------------------------------------------------------------

def parse_code_directory(b: bytes) -> dict:
    (magic, length, version, flags, hash_off, ident_off, n_special, n_code, code_limit,
     hash_size, hash_type, platform, page_log2, _spare2) = struct.unpack(">IIIIIIIIIBBBBI", b[:44])
    ident = b[ident_off:b.index(b"\0", ident_off)].decode()
    cd = {"version": hex(version), "flags": hex(flags), "flag_names": flag_names(flags),
          "identifier": ident, "hash_type": HASH_TYPES.get(hash_type, str(hash_type)),
          "hash_size": hash_size, "page_size": (1 << page_log2) if page_log2 else 0,
          "page_size_log2": page_log2, "code_limit": code_limit, "n_code_slots": n_code,
          "n_special_slots": n_special, "platform": platform, "team_id": None}
    if version >= 0x20200:
        team_off = struct.unpack(">I", b[48:52])[0]
        if team_off:
            cd["team_id"] = b[team_off:b.index(b"\0", team_off)].decode()
    if version >= 0x20300:
        cl64 = struct.unpack(">Q", b[56:64])[0]
        if cl64:
            cd["code_limit"] = cl64
    if version >= 0x20400:
        base, limit, eflags = struct.unpack(">QQQ", b[64:88])
        cd["exec_seg"] = {"base": base, "limit": limit, "flags": hex(eflags)}
    if version >= 0x20500:
        runtime, _pre = struct.unpack(">II", b[88:96])
        cd["runtime_version"] = version_str(((runtime >> 16), (runtime >> 8) & 0xFF, runtime & 0xFF))
    cd["_hash_off"] = hash_off
    cd["_raw_hash_type"] = hash_type
    return cd


def parse_superblob(sig: bytes) -> list[tuple[int, int, bytes]]:
    magic, length, count = struct.unpack(">III", sig[:12])
    if magic != 0xFADE0CC0:
        raise ValueError(f"superblob magic {magic:#x}")
    out = []
    for i in range(count):
        typ, off = struct.unpack(">II", sig[12 + 8 * i:20 + 8 * i])
        bm, bl = struct.unpack(">II", sig[off:off + 8])
        out.append((typ, bm, sig[off:off + bl]))
    return out


def check_code_hashes(macho: bytes, cd: dict, blob: bytes) -> bool | None:
    f = HASH_FUNCS.get(cd["_raw_hash_type"])
    if f is None or not cd["page_size"]:
        return None
    ps, limit, hs = cd["page_size"], cd["code_limit"], cd["hash_size"]
    off = cd["_hash_off"]
    for i in range(cd["n_code_slots"]):
        page = macho[i * ps:min((i + 1) * ps, limit)]
        if f(page).digest() != blob[off + i * hs: off + (i + 1) * hs]:
            return False
    return True


def special_slot(cd: dict, blob: bytes, slot: int) -> bytes | None:
    if slot > cd["n_special_slots"]:
        return None
    off = cd["_hash_off"] - slot * cd["hash_size"]
    return blob[off:off + cd["hash_size"]]


# ---------------------------------------------------------------------------
# CMS
# ---------------------------------------------------------------------------

_SD = "SEQUENCE/1:[0]/0:SEQUENCE"
CMS_NAMES = {
    "SEQUENCE": "ContentInfo",
    "SEQUENCE/1:[0]": "ContentInfo.content",
    _SD: "SignedData",
    _SD + "/1:SET": "SignedData.digestAlgorithms",
    _SD + "/2:SEQUENCE": "SignedData.encapContentInfo",
    _SD + "/3:[0]": "SignedData.certificates",
    _SD + "/4:SET": "SignedData.signerInfos",
}


def name_cert(c: a_x509.Certificate) -> dict:
    s = c.subject.native
    return {"subject_cn": s.get("common_name"), "subject_ou": s.get("organizational_unit_name"),
            "subject_o": s.get("organization_name"),
            "issuer_cn": c.issuer.native.get("common_name"),
            "serial": format(c.serial_number, "x"),
            "not_before": utc(c["tbs_certificate"]["validity"]["not_before"].native),
            "not_after": utc(c["tbs_certificate"]["validity"]["not_after"].native)}


def find_signer_cert(certs, sid) -> a_x509.Certificate | None:
    if sid.name == "issuer_and_serial_number":
        want = (sid.chosen["issuer"].dump(), sid.chosen["serial_number"].native)
        for c in certs:
            if (c.issuer.dump(), c.serial_number) == want:
                return c
    else:
        for c in certs:
            if c.key_identifier == sid.chosen.native:
                return c
    return None


def openssl_subjects(der: bytes) -> list[str] | None:
    r = run(["openssl", "pkcs7", "-inform", "DER", "-print_certs", "-noout"], input=der)
    if r is None or r.returncode != 0:
        return None
    return [line.split("=", 1)[1].strip() if "=" in line else line
            for line in r.stdout.decode().splitlines() if line.startswith("subject")]


def openssl_gentime(token_der: bytes) -> str | None:
    with tempfile.NamedTemporaryFile(suffix=".der") as f:
        f.write(token_der)
        f.flush()
        r = run(["openssl", "ts", "-reply", "-token_in", "-in", f.name, "-text", "-token_out"])
    if r is None or r.returncode != 0:
        return None
    m = re.search(r"^Time stamp: (.+)$", r.stdout.decode(), re.M)
    if not m:
        return None
    t = dt.datetime.strptime(m.group(1).strip().replace(" GMT", ""), "%b %d %H:%M:%S %Y")
    return utc(t.replace(tzinfo=dt.timezone.utc))


def openssl_indefinite_count(der: bytes) -> int | None:
    r = run(["openssl", "asn1parse", "-inform", "DER", "-i"], input=der)
    if r is None or r.returncode != 0:
        return None
    return sum(1 for line in r.stdout.decode().splitlines() if "l=inf" in line)


def describe_cms(payload: bytes) -> dict:
    if not payload:
        return {"encoding": "empty", "length": 0}
    root = ber_parse(payload)
    out = {"length": len(payload)}
    out.update(ber_summary(payload, root, CMS_NAMES))
    out["indefinite_count_openssl_asn1parse"] = openssl_indefinite_count(payload)
    sd_node = root.children[1].children[0]
    certs_node = child(sd_node, 2, 0)
    si_set = sd_node.children[-1]
    ci = a_cms.ContentInfo.load(payload)
    sd = ci["content"]
    out["content_type"] = ci["content_type"].dotted
    out["detached"] = sd["encap_content_info"]["content"].native is None
    certs = [c.chosen for c in sd["certificates"]]
    out["certificates"] = []
    for c, n in zip(certs, certs_node.children if certs_node else []):
        raw = payload[n.start:n.end]
        d = name_cert(c)
        d["der"] = der_roundtrip(raw, a_x509.Certificate) and not any(
            x.indefinite or x.nonminimal for x, _ in walk(n))
        out["certificates"].append(d)
    out["openssl_subjects"] = openssl_subjects(payload)
    si = sd["signer_infos"][0]
    si_node = si_set.children[0]
    leaf = find_signer_cert(certs, si["sid"])
    signer = {"digest_algorithm": si["digest_algorithm"]["algorithm"].native,
              "signature_algorithm": si["signature_algorithm"]["algorithm"].native}
    if leaf is not None:
        lc = name_cert(leaf)
        signer.update({"leaf_cn": lc["subject_cn"], "team_id": lc["subject_ou"],
                       "leaf_not_after": lc["not_after"],
                       "leaf_expired_at_reference": leaf["tbs_certificate"]["validity"]["not_after"].native < REFERENCE_TIME})
    sattrs_node = child(si_node, 2, 0)
    signer["signed_attrs_encoding"] = ber_summary(payload, sattrs_node)["encoding"] if sattrs_node else None
    attrs = {}
    for a in si["signed_attrs"]:
        oid = a["type"].dotted
        attrs[oid] = a
    signer["signed_attr_oids"] = sorted(attrs)
    if "1.2.840.113549.1.9.5" in attrs:
        signer["signing_time"] = utc(attrs["1.2.840.113549.1.9.5"]["values"][0].native)
    if OID_CDHASHES_PLIST in attrs:
        pl = plistlib.loads(attrs[OID_CDHASHES_PLIST]["values"][0].native)
        signer["cdhashes_plist"] = [x.hex() for x in pl.get("cdhashes", [])]
    if OID_CDHASHES2 in attrs:
        lst = []
        for v in attrs[OID_CDHASHES2]["values"]:
            # SEQUENCE { OID, OCTET STRING } (asn1crypto leaves it as Any)
            n = ber_parse(v.dump())
            oid = a_core.ObjectIdentifier.load(v.dump()[n.children[0].start:n.children[0].end]).dotted
            dig = a_core.OctetString.load(v.dump()[n.children[1].start:n.children[1].end]).native
            lst.append({"digest_oid": oid, "digest": dig.hex()})
        signer["cdhashes2"] = lst
    out["signer"] = signer
    # Timestamp token (unsigned attribute)
    ts = None
    uattrs_node = child(si_node, 2, 1)
    if si["unsigned_attrs"].native is not None:
        for idx, a in enumerate(si["unsigned_attrs"]):
            if a["type"].dotted != OID_TST:
                continue
            tok_node = uattrs_node.children[idx].children[1].children[0]
            tok_raw = payload[tok_node.start:tok_node.end]
            tok = a_cms.ContentInfo.load(tok_raw)
            tsd = tok["content"]
            tst = tsd["encap_content_info"]["content"].parsed
            eci_node = tok_node.children[1].children[0].children[2]
            octets = eci_node.children[1].children[0]
            tst_raw = payload[octets.cstart:octets.cend] if not octets.constructed else None
            tcerts = [c.chosen for c in tsd["certificates"]]
            tsi = tsd["signer_infos"][0]
            tsa = find_signer_cert(tcerts, tsi["sid"])
            ts = {"token_encoding": ber_summary(payload, tok_node)["encoding"],
                  "token_indefinite_length_nodes": ber_summary(payload, tok_node)["indefinite_length_nodes"],
                  "tstinfo_der": (der_roundtrip(tst_raw, a_tsp.TSTInfo) and not any(
                      x.indefinite or x.nonminimal for x, _ in walk(ber_parse(tst_raw))))
                  if tst_raw is not None else False,
                  "tstinfo_octets_constructed": octets.constructed,
                  "gen_time": utc(tst["gen_time"].native),
                  "gen_time_openssl": openssl_gentime(tok_raw),
                  "policy": tst["policy"].dotted,
                  "message_imprint_algorithm": tst["message_imprint"]["hash_algorithm"]["algorithm"].native,
                  "token_digest_algorithm": tsi["digest_algorithm"]["algorithm"].native,
                  "token_signature_algorithm": tsi["signature_algorithm"]["algorithm"].native,
                  "certificates": [name_cert(c)["subject_cn"] for c in tcerts]}
            tcerts_node = child(tok_node.children[1].children[0], 2, 0)
            ts["certificates_der"] = all(
                der_roundtrip(payload[n.start:n.end], a_x509.Certificate)
                for n in (tcerts_node.children if tcerts_node else []))
            if tsa is not None:
                na = tsa["tbs_certificate"]["validity"]["not_after"].native
                ts["tsa_cert"] = {"subject": tsa.subject.human_friendly,
                                  "subject_cn": tsa.subject.native.get("common_name"),
                                  "not_before": utc(tsa["tbs_certificate"]["validity"]["not_before"].native),
                                  "not_after": utc(na),
                                  "expired_at_reference": na < REFERENCE_TIME}
    out["timestamp"] = ts
    return out


# ---------------------------------------------------------------------------
# Mach-O
# ---------------------------------------------------------------------------

def fat_slices(data: bytes) -> tuple[bool, list[dict]]:
    magic = struct.unpack(">I", data[:4])[0]
    if magic not in (0xCAFEBABE, 0xCAFEBABF):
        return False, [{"offset": 0, "size": len(data), "align": None}]
    n = struct.unpack(">I", data[4:8])[0]
    out = []
    for i in range(n):
        if magic == 0xCAFEBABE:
            cpu, sub, off, size, align = struct.unpack(">iiIII", data[8 + 20 * i:28 + 20 * i])
        else:
            cpu, sub, off, size, align, _ = struct.unpack(">iiQQII", data[8 + 32 * i:40 + 32 * i])
        out.append({"offset": off, "size": size, "align": 1 << align,
                    "cputype": cpu & 0xFFFFFFFF})
    return True, out


def objdump_headers(path: Path) -> dict | None:
    """llvm-objdump's view of each slice: filetype and the version load command.
    (llvm-otool-14 -arch X prints the host's slice whatever X is, so it is not used.)"""
    r = run(["llvm-objdump-14", "--macho", "--private-headers", "--arch=all", str(path)])
    if r is None or r.returncode != 0:
        return None
    res, arch = {}, "thin"
    lines = r.stdout.decode(errors="replace").splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^.* \(architecture (\w+)\):$", line)
        if m:
            arch = m.group(1)
            continue
        s = line.strip()
        if s.startswith("MH_MAGIC"):
            res.setdefault(arch, {})["filetype"] = "MH_" + s.split()[4]
        if s in ("cmd LC_BUILD_VERSION", "cmd LC_VERSION_MIN_MACOSX"):
            block = {"command": s[4:]}
            for l2 in lines[i + 1:i + 8]:
                if l2.startswith("Load command"):
                    break
                kv = l2.split()
                if len(kv) >= 2 and kv[0] in ("platform", "sdk", "minos", "version"):
                    block[kv[0]] = kv[1]
            res.setdefault(arch, {}).update(block)
    return res


def lipo_archs(path: Path) -> list[str] | None:
    r = run(["llvm-lipo-14", "-archs", str(path)])
    if r is None or r.returncode != 0:
        return None
    return r.stdout.decode().split()


def ap_slices(path: Path) -> dict[int, dict]:
    """apple-platform-py's read of each slice, keyed by slice index."""
    out = {}
    try:
        ents = ap.read_signature(str(path))
    except Exception as e:  # noqa: BLE001
        return {-1: {"error": f"{type(e).__name__}: {e}"}}
    for e in ents:
        ent = e.get("entity")
        if isinstance(ent, dict) and "mach_o" in ent:
            sub = e.get("sub_path") or "macho-index:0"
            idx = int(sub.split(":")[1])
            out[idx] = ent["mach_o"]
    return out


def describe_macho(path: Path, rel: str, with_cms: bool = True, bundle_root: Path | None = None,
                   info_plist: Path | None = None, code_resources: Path | None = None) -> dict:
    data = path.read_bytes()
    is_fat, slices = fat_slices(data)
    fat = lief.MachO.parse(str(path))
    if fat is None:
        raise RuntimeError(f"lief cannot parse {path}")
    apinfo = ap_slices(path)
    objd = objdump_headers(path)
    res = {"path": rel, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
           "fat": is_fat, "archs": [], "archs_llvm_lipo": lipo_archs(path), "slices": []}
    for idx in range(fat.size):
        b = fat.at(idx)
        sl = slices[idx]
        m = data[sl["offset"]:sl["offset"] + sl["size"]]
        arch = CPU_NAMES.get(int(b.header.cpu_type.value) & 0xFFFFFFFF, str(b.header.cpu_type))
        res["archs"].append(arch)
        s = {"arch": arch, "offset": sl["offset"], "size": sl["size"],
             "filetype": FILETYPES.get(int(b.header.file_type.value), str(b.header.file_type))}
        if is_fat:
            s["fat_align"] = sl["align"]
        if b.has_build_version:
            bv = b.build_version
            s["platform"] = {"command": "LC_BUILD_VERSION",
                             "platform": PLATFORMS.get(int(bv.platform.value), str(bv.platform)),
                             "minos": version_str(bv.minos), "sdk": version_str(bv.sdk)}
        elif b.has_version_min:
            vm = b.version_min
            s["platform"] = {"command": str(vm.command).split(".")[-1].replace("VERSION_MIN_", "LC_VERSION_MIN_"),
                             "platform": "macos", "minos": version_str(vm.version),
                             "sdk": version_str(vm.sdk)}
        else:
            s["platform"] = None
        o = (objd or {}).get(arch if is_fat else "thin")
        if o is not None:
            s["llvm_objdump_agrees"] = (
                o.get("filetype") == s["filetype"]
                and (s["platform"] is None and "command" not in o
                     or s["platform"] is not None
                     and o.get("command") == s["platform"]["command"]
                     and o.get("minos", o.get("version")) == s["platform"]["minos"]
                     and o.get("sdk") == s["platform"]["sdk"]))
        s["signed"] = b.has_code_signature
        if b.has_code_signature:
            s["signature"] = describe_signature(b, m, apinfo.get(idx), with_cms,
                                                info_plist, code_resources)
        ap_one = apinfo.get(idx)
        if -1 in apinfo:
            s["apple_platform_error"] = apinfo[-1]["error"]
        elif ap_one is None and b.has_code_signature:
            s["apple_platform_error"] = "no entity for this slice"
        res["slices"].append(s)
    try:
        probs = ap.verify_macho(str(path))
        res["apple_platform_verify_macho"] = sorted({p["description"] for p in probs})
    except Exception as e:  # noqa: BLE001
        res["apple_platform_verify_macho"] = [f"raised {type(e).__name__}: {e}"]
    return res


def describe_signature(b, m: bytes, apsl: dict | None, with_cms: bool,
                       info_plist: Path | None, code_resources: Path | None) -> dict:
    cs = b.code_signature
    sig = bytes(cs.content)
    assert sig == m[cs.data_offset:cs.data_offset + cs.data_size]
    blobs = parse_superblob(sig)
    out = {"superblob_offset": cs.data_offset, "superblob_size": cs.data_size,
           "blobs": [{"slot": hex(t), "magic": hex(bm), "kind": BLOB_MAGICS.get(bm, "?"),
                      "length": len(blob)} for t, bm, blob in blobs],
           "code_directories": []}
    ents_xml = ents_der = cms_payload = None
    for t, bm, blob in blobs:
        if bm == 0xFADE0C02:
            cd = parse_code_directory(blob)
            digest_f = HASH_FUNCS[cd["_raw_hash_type"]]
            cd["slot"] = hex(t)
            cd["cdhash_full"] = digest_f(blob).digest().hex()
            cd["cdhash"] = cd["cdhash_full"][:40]
            cd["code_hashes_verified"] = check_code_hashes(m, cd, blob)
            specials = {}
            for slot, label in ((1, "info_plist"), (3, "resources"), (5, "entitlements"),
                                (7, "der_entitlements"), (2, "requirements")):
                h = special_slot(cd, blob, slot)
                if h is not None and any(h):
                    specials[label] = h.hex()
            cd["special_slots"] = specials
            # bound special slots, checked against what they hash
            for t2, bm2, blob2 in blobs:
                label = {0xFADE0C01: "requirements", 0xFADE7171: "entitlements",
                         0xFADE7172: "der_entitlements"}.get(bm2)
                if label and label in specials:
                    cd.setdefault("special_slots_verified", {})[label] = \
                        digest_f(blob2).digest().hex()[:len(specials[label])] == specials[label]
            for label, f in (("info_plist", info_plist), ("resources", code_resources)):
                if label in specials and f is not None and f.exists():
                    cd.setdefault("special_slots_verified", {})[label] = \
                        digest_f(f.read_bytes()).digest().hex()[:len(specials[label])] == specials[label]
            out["code_directories"].append(cd)
        elif bm == 0xFADE7171:
            ents_xml = blob[8:]
        elif bm == 0xFADE7172:
            ents_der = blob[8:]
        elif bm == 0xFADE0B01:
            cms_payload = blob[8:]
    first = out["code_directories"][0]
    out["identifier"] = first["identifier"]
    out["team_id"] = first["team_id"]
    out["flags"] = first["flags"]
    out["flag_names"] = first["flag_names"]
    out["adhoc"] = "adhoc" in first["flag_names"]
    out["linker_signed"] = "linker-signed" in first["flag_names"]
    out["hardened_runtime"] = "runtime" in first["flag_names"]
    out["hash_types"] = [{"slot": cd["slot"], "hash_type": cd["hash_type"]}
                         for cd in out["code_directories"]]
    out["page_size"] = first["page_size"]
    out["code_limit"] = first["code_limit"]
    if ents_xml is not None:
        pl = plistlib.loads(ents_xml)
        out["entitlements"] = {"keys": sorted(pl), "xml": ents_xml.decode()}
    else:
        out["entitlements"] = None
    out["has_der_entitlements"] = ents_der is not None
    if cms_payload is None:
        out["cms"] = None
    elif with_cms:
        out["cms"] = describe_cms(cms_payload)
    else:
        out["cms"] = {"encoding": "empty" if not cms_payload else
                      ber_summary(cms_payload, ber_parse(cms_payload))["encoding"],
                      "length": len(cms_payload)}
    if out["cms"] and out["cms"].get("encoding") != "empty" and with_cms:
        signer = out["cms"]["signer"]
        signer["cdhashes_plist_match"] = signer.get("cdhashes_plist") == [
            cd["cdhash"] for cd in out["code_directories"]]
    out["has_timestamp"] = bool(out["cms"] and out["cms"].get("timestamp"))
    for cd in out["code_directories"]:
        for k in ("_hash_off", "_raw_hash_type"):
            cd.pop(k, None)
    out["apple_platform"] = cross_check(out, apsl)
    return out


def cross_check(mine: dict, apsl: dict | None) -> dict:
    """What apple-platform-py reads for the same slice, and whether it agrees."""
    if apsl is None:
        return {"read": False}
    s = apsl.get("signature") or {}
    cds = [s.get("code_directory")] + [x[1] for x in s.get("alternative_code_directories") or []]
    cds = [c for c in cds if c]
    res = {"read": True}
    agree = len(cds) == len(mine["code_directories"])
    for theirs, ours in zip(cds, mine["code_directories"]):
        agree &= theirs.get("identifier") == ours["identifier"]
        agree &= theirs.get("digest_type") == ours["hash_type"]
        agree &= theirs.get("code_digests_count") == ours["n_code_slots"]
        agree &= theirs.get("signed_entity_size") == ours["code_limit"]
        fl = theirs.get("flags", "")
        for name, word in (("adhoc", "ADHOC"), ("runtime", "RUNTIME"),
                           ("linker-signed", "LINKER_SIGNED")):
            agree &= (name in ours["flag_names"]) == (word in fl)
    res["code_directories_agree"] = bool(agree)
    res["flags"] = [c.get("flags") for c in cds]
    if s.get("code_requirements"):
        res["designated_requirement"] = s["code_requirements"]
    if s.get("entitlements_der_plist"):
        try:
            der_pl = plistlib.loads("\n".join(s["entitlements_der_plist"]).encode())
            res["der_entitlements_keys"] = sorted(der_pl)
            if mine.get("entitlements"):
                res["der_entitlements_keys_match_xml"] = sorted(der_pl) == mine["entitlements"]["keys"]
        except Exception as e:  # noqa: BLE001
            res["der_entitlements_parse_error"] = str(e)
    cms = s.get("cms")
    if cms:
        sig = cms.get("signers") or [{}]
        res["cms_signature_verifies"] = sig[0].get("signature_verifies")
        res["cms_certificate_profile"] = [c.get("apple_certificate_profile")
                                          for c in cms.get("certificates", [])
                                          if c.get("apple_certificate_profile")]
        tst = sig[0].get("time_stamp_token")
        if tst:
            tsig = (tst.get("signers") or [{}])[0]
            res["timestamp_signature_verifies"] = tsig.get("signature_verifies")
        res["cdhash_digests"] = [[o, d] for o, d in sig[0].get("cdhash_digests", [])]
    return res


# ---------------------------------------------------------------------------
# Bundles
# ---------------------------------------------------------------------------

def is_macho(p: Path) -> bool:
    try:
        with open(p, "rb") as f:
            head = f.read(4)
    except OSError:
        return False
    return head in (b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf", b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe")


def bundle_layout(root: Path) -> dict:
    """Where the bundle keeps its Info.plist, executable and seal."""
    if (root / "Contents").is_dir():
        content = root / "Contents"
        return {"content": content, "info": content / "Info.plist",
                "exe_dir": content / "MacOS", "seal": content / "_CodeSignature" / "CodeResources"}
    vers = root / "Versions"
    if vers.is_dir():
        cur = vers / "Current"
        ver = cur if cur.exists() else sorted(p for p in vers.iterdir() if p.is_dir())[0]
        return {"content": ver, "info": ver / "Resources" / "Info.plist", "exe_dir": ver,
                "seal": ver / "_CodeSignature" / "CodeResources", "version_dir": ver}
    return {"content": root, "info": root / "Info.plist", "exe_dir": root,
            "seal": root / "_CodeSignature" / "CodeResources"}


BUNDLE_SUFFIXES = (".framework", ".app", ".appex", ".systemextension", ".bundle", ".xpc", ".plugin")


def unsealed_on_disk(content: Path, files2: dict, main_exe: Path | None) -> list[str]:
    """Files under the sealed root that files2 does not name, grouped by nested
    bundle. Skips what codesign itself leaves out of files2: _CodeSignature/,
    the main executable, Info.plist and PkgInfo at the root, and the stapled
    ticket Contents/CodeResources. (An approximation of rules2, not an evaluator.)"""
    named = set(files2)
    out = set()
    for p in content.rglob("*"):
        if p.is_dir() and not p.is_symlink():
            continue
        rel = p.relative_to(content).as_posix()
        if (rel.startswith("_CodeSignature/") or rel in ("Info.plist", "PkgInfo", "CodeResources")
                or (main_exe is not None and p == main_exe) or rel in named):
            continue
        if any(rel == k or rel.startswith(k + "/") for k in named):
            continue  # inside a nested bundle that is sealed as a whole
        parts = rel.split("/")
        for i, part in enumerate(parts[:-1]):
            if part.endswith(BUNDLE_SUFFIXES):
                rel = "/".join(parts[:i + 1]) + "/"
                break
        out.add(rel)
    return sorted(out)


def seal_check(content: Path, seal: Path, main_exe: Path | None = None) -> dict:
    """Checks CodeResources' files2 against the files on disk (hashlib/plistlib)."""
    cr = plistlib.loads(seal.read_bytes())
    files2 = cr.get("files2", {})
    res = {"files_count": len(cr.get("files", {})), "files2_count": len(files2),
           "rules2_count": len(cr.get("rules2", {})), "hash2_ok": 0, "hash2_mismatch": [],
           "missing": [], "symlink_entries": 0, "symlinks_present": 0,
           "symlinks_replaced_by_files": [], "nested_code_entries": [], "optional_missing": 0}
    for rel, ent in sorted(files2.items()):
        if not isinstance(ent, dict):
            ent = {"hash": ent}
        p = content / rel
        if "symlink" in ent:
            res["symlink_entries"] += 1
            if p.is_symlink():
                res["symlinks_present"] += int(os.readlink(p) == ent["symlink"])
            elif p.exists():
                res["symlinks_replaced_by_files"].append({"path": rel, "target": ent["symlink"]})
            else:
                res["missing"].append(rel)
            continue
        if "cdhash" in ent:
            res["nested_code_entries"].append({"path": rel, "cdhash": ent["cdhash"].hex(),
                                               "requirement": ent.get("requirement")})
            continue
        if not p.exists():
            if ent.get("optional"):
                res["optional_missing"] += 1
            else:
                res["missing"].append(rel)
            continue
        if "hash2" in ent:
            if hashlib.sha256(p.read_bytes()).digest() == ent["hash2"]:
                res["hash2_ok"] += 1
            else:
                res["hash2_mismatch"].append(rel)
    res["unsealed_on_disk"] = unsealed_on_disk(content, files2, main_exe)
    return res


def restore_framework(src: Path, tmp: Path) -> Path:
    """A copy of a wheel-flattened framework with its symlinks put back:
    Versions/Current, the top-level links, and every files2 'symlink' entry."""
    dst = tmp / src.name
    shutil.copytree(src, dst, copy_function=os.link)
    vers = dst / "Versions"
    names = [p.name for p in vers.iterdir() if p.is_dir() and p.name != "Current"]
    if len(names) != 1:
        return dst
    ver = vers / names[0]
    if not (vers / "Current").exists():
        (vers / "Current").symlink_to(names[0])
    for item in ver.iterdir():
        if item.name == "_CodeSignature":
            continue
        top = dst / item.name
        if top.exists() and not top.is_symlink():
            if top.is_dir():
                shutil.rmtree(top)
            else:
                top.unlink()
        if not top.exists():
            top.symlink_to(f"Versions/Current/{item.name}")
    seal = ver / "_CodeSignature" / "CodeResources"
    if seal.exists():
        for rel, ent in plistlib.loads(seal.read_bytes()).get("files2", {}).items():
            if isinstance(ent, dict) and "symlink" in ent:
                p = ver / rel
                if p.exists() and not p.is_symlink():
                    p.unlink()
                    p.symlink_to(ent["symlink"])
    return dst


def ap_bundle(root: Path) -> dict:
    out = {}
    try:
        info = ap_pkg.bundle_info(str(root))
        out["bundle_info"] = {k: info.get(k) for k in
                              ("identifier", "main_executable", "package_type", "nested_bundles",
                               "shallow")}
    except Exception as e:  # noqa: BLE001
        out["bundle_info_error"] = f"{type(e).__name__}: {e}"
    try:
        ents = ap.read_signature(str(root))
        kinds = {}
        for e in ents:
            ent = e.get("entity")
            k = next(iter(ent)) if isinstance(ent, dict) else ent
            if isinstance(ent, dict) and k == "bundle_code_signature_file":
                v = ent[k]
                k = f"bundle_code_signature_file:{next(iter(v)) if isinstance(v, dict) else v}"
            kinds[k] = kinds.get(k, 0) + 1
        out["read_signature_entities"] = dict(sorted(kinds.items()))
    except Exception as e:  # noqa: BLE001
        out["read_signature_error"] = f"{type(e).__name__}: {e}"
    return out


def describe_bundle(root: Path, base: Path, cache: Path) -> dict:
    lay = bundle_layout(root)
    rel = lambda p: str(p.relative_to(base))  # noqa: E731
    info = plistlib.loads(lay["info"].read_bytes()) if lay["info"].exists() else {}
    exe_name = info.get("CFBundleExecutable")
    exe = lay["exe_dir"] / exe_name if exe_name else None
    out = {"info_plist": rel(lay["info"]) if lay["info"].exists() else None,
           "CFBundleExecutable": exe_name, "CFBundleIdentifier": info.get("CFBundleIdentifier"),
           "CFBundlePackageType": info.get("CFBundlePackageType"),
           "code_resources": rel(lay["seal"]) if lay["seal"].exists() else None,
           "code_resources_exists": lay["seal"].exists()}
    extras = []
    for name in ("embedded.provisionprofile", "CodeResources"):
        p = lay["content"] / name
        if p.exists():
            kind = "notarization-ticket" if p.read_bytes()[:4] == b"s8ch" else "file"
            extras.append({"path": rel(p), "kind": kind})
    out["extras"] = extras
    # the wheel's view: symlinks?
    links = [p for p in root.rglob("*") if p.is_symlink()]
    out["symlinks_in_tree"] = len(links)
    if "version_dir" in lay:
        vers = root / "Versions"
        out["framework_layout"] = {
            "Versions/Current_is_symlink": (vers / "Current").is_symlink(),
            "Versions/Current_exists": (vers / "Current").exists(),
            "top_level_entries": sorted(p.name for p in root.iterdir()),
        }
    if exe is not None and exe.exists():
        out["main_executable"] = describe_macho(exe, rel(exe), True, root, lay["info"], lay["seal"])
    else:
        out["main_executable"] = None
    if lay["seal"].exists():
        out["seal_check"] = seal_check(lay["content"], lay["seal"], exe)
    nested = []
    for p in sorted(root.rglob("*")):
        if p.is_file() and not p.is_symlink() and p != exe and is_macho(p):
            d = describe_macho(p, rel(p), False)
            nested.append(compact(d))
    out["nested_code"] = nested
    nested_bundles = sorted({rel(p) for p in root.rglob("*")
                             if p.is_dir() and p.name.endswith(BUNDLE_SUFFIXES)})
    out["nested_bundles"] = nested_bundles
    out["apple_platform"] = {"as_shipped": ap_bundle(root)}
    if "version_dir" in lay and out["symlinks_in_tree"] == 0:
        with tempfile.TemporaryDirectory(dir=cache, prefix=".describe-") as tmp:
            restored = restore_framework(root, Path(tmp))
            rl = bundle_layout(restored)
            out["apple_platform"]["symlinks_restored"] = ap_bundle(restored)
            if rl["seal"].exists():
                rexe = rl["exe_dir"] / exe_name if exe_name else None
                sc = seal_check(rl["content"], rl["seal"], rexe)
                out["seal_check_symlinks_restored"] = {
                    k: sc[k] for k in ("hash2_ok", "hash2_mismatch", "missing",
                                       "symlinks_present", "symlinks_replaced_by_files",
                                       "unsealed_on_disk")}
    return out


def compact(d: dict) -> dict:
    """Short description of nested code."""
    sl = []
    for s in d["slices"]:
        e = {"arch": s["arch"], "filetype": s["filetype"], "signed": s["signed"]}
        if s["signed"]:
            sg = s["signature"]
            e.update({"identifier": sg["identifier"], "team_id": sg["team_id"],
                      "flags": sg["flags"], "hash_types": sg["hash_types"],
                      "page_size": sg["page_size"], "code_limit": sg["code_limit"],
                      "cdhashes": [cd["cdhash"] for cd in sg["code_directories"]],
                      "code_hashes_verified": all(cd["code_hashes_verified"]
                                                  for cd in sg["code_directories"]),
                      "cms": sg["cms"]["encoding"] if sg["cms"] else None,
                      "entitlement_keys": sg["entitlements"]["keys"] if sg["entitlements"] else None,
                      "has_der_entitlements": sg["has_der_entitlements"]})
        sl.append(e)
    return {"path": d["path"], "sha256": d["sha256"], "size": d["size"], "fat": d["fat"],
            "slices": sl, "apple_platform_verify_macho": d["apple_platform_verify_macho"]}


# ---------------------------------------------------------------------------
# Pairs merged with llvm-lipo
# ---------------------------------------------------------------------------

def describe_pair(pair: dict, by_id: dict, cache: Path) -> dict:
    inputs = [cache / by_id[i]["wheel"][:-4] / by_id[i]["path"] for i in pair["inputs"]]
    out = {"id": pair["id"], "inputs": pair["inputs"], "cases": pair["cases"],
           "tool": "llvm-lipo-14 -create <inputs in order> -output <out>"}
    with tempfile.TemporaryDirectory(dir=cache, prefix=".describe-") as tmp:
        dst = Path(tmp) / "merged"
        r = run(["llvm-lipo-14", "-create", *map(str, inputs), "-output", str(dst)])
        if r is None or r.returncode != 0:
            out["error"] = "llvm-lipo-14 missing or failed"
            return out
        data = dst.read_bytes()
        _, sl = fat_slices(data)
        by_cpu = {struct.unpack("<I", p.read_bytes()[4:8])[0]: p.read_bytes() for p in inputs}
        out.update({"size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                    "slices": [{"arch": CPU_NAMES.get(s["cputype"], hex(s["cputype"])),
                                "offset": s["offset"], "size": s["size"], "align": s["align"]}
                               for s in sl],
                    "slices_equal_inputs": all(
                        data[s["offset"]:s["offset"] + s["size"]] == by_cpu.get(s["cputype"])
                        for s in sl)})
        ap_out = Path(tmp) / "merged-ap"
        try:
            ap.macho.create_universal([str(p) for p in inputs], str(ap_out))
            ad = ap_out.read_bytes()
            _, asl = fat_slices(ad)
            out["apple_platform_create_universal"] = {
                "sha256": hashlib.sha256(ad).hexdigest(), "size": len(ad),
                "identical_to_llvm_lipo": ad == data,
                "slices": [{"arch": CPU_NAMES.get(s["cputype"], hex(s["cputype"])),
                            "offset": s["offset"], "size": s["size"], "align": s["align"]}
                           for s in asl]}
        except Exception as e:  # noqa: BLE001
            out["apple_platform_create_universal"] = {"error": str(e)}
    return out


# ---------------------------------------------------------------------------

def wheels_table() -> list[dict]:
    rows = []
    for line in (HERE / "wheels.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, version, filename, sha, url = line.split("\t")[:5]
        rows.append(dict(name=name, version=version, filename=filename, sha256=sha, url=url))
    return rows


def tool_versions() -> dict:
    v = {"lief": lief.__version__.split("-")[0], "asn1crypto": None,
         "apple-platform-py": ap.__version__,
         "apple-codesign (upstream)": ap.versions()["upstream"]["crates"]["apple-codesign"]}
    import asn1crypto
    v["asn1crypto"] = asn1crypto.__version__
    for tool, args in (("openssl", ["version"]), ("llvm-lipo-14", ["-version"])):
        r = run([tool, *args])
        v[tool] = r.stdout.decode().strip().splitlines()[0] if r and r.returncode == 0 else None
    return v


def build(cache: Path) -> dict:
    wheels = {w["filename"]: w for w in wheels_table()}
    by_id = {s["id"]: s for s in SPECIMENS}
    specimens = []
    for s in SPECIMENS:
        w = wheels[s["wheel"]]
        base = cache / s["wheel"][:-4]
        if not (base / ".corpus-unpacked").exists():
            raise SystemExit(f"{base} is not unpacked: run scripts/fetch-corpus.sh")
        p = base / s["path"]
        print(f"describe: {s['id']}", file=sys.stderr)
        entry = {"id": s["id"], "wheel": s["wheel"], "package": w["name"], "version": w["version"],
                 "path": s["path"], "kind": s["kind"], "cases": s["cases"], "purpose": s["purpose"]}
        if s["kind"] == "macho":
            entry["facts"] = describe_macho(p, s["path"])
        else:
            entry["facts"] = describe_bundle(p, base, cache)
        specimens.append(entry)
    pairs = [describe_pair(pr, by_id, cache) for pr in PAIRS]
    coverage = {str(k): {"case": v, "specimens": [s["id"] for s in SPECIMENS if k in s["cases"]]
                         + [p["id"] for p in PAIRS if k in p["cases"]]}
                for k, v in CASES.items()}
    return {"format": 1,
            "generated_by": "Tests/Corpus/describe.py",
            "reference_time": utc(REFERENCE_TIME),
            "tools": tool_versions(),
            "cases": coverage,
            "specimens": specimens,
            "pairs": pairs}


def pin(name: str, version: str, filename: str) -> str:
    import urllib.request
    d = json.load(urllib.request.urlopen(f"https://pypi.org/pypi/{name}/json"))
    for f in d["releases"][version]:
        if f["filename"] == filename:
            b = f["digests"]["blake2b_256"]
            url = f["url"] if f["url"].startswith("https://") else \
                f"https://files.pythonhosted.org/packages/{b[:2]}/{b[2:4]}/{b[4:]}/{filename}"
            return f"{name}\t{version}\t{filename}\t{f['digests']['sha256']}\t{url}"
    raise SystemExit(f"{filename} not in {name} {version}")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "pin":
        print(pin(*sys.argv[2:5]))
        return 0
    ap_ = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap_.add_argument("--cache", default=os.environ.get("SHIPYARD_CORPUS", str(REPO / ".build" / "corpus")))
    ap_.add_argument("--out", default=str(HERE / "specimens.json"))
    ap_.add_argument("--check", action="store_true")
    a = ap_.parse_args()
    doc = build(Path(a.cache).resolve())
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if a.check:
        # The facts must match; the tools' versions are a record, not a fact (a newer openssl
        # or lief on another machine reads the same facts).
        old = json.loads(Path(a.out).read_text()) if Path(a.out).exists() else {}
        if {k: v for k, v in old.items() if k != "tools"} != {k: v for k, v in doc.items() if k != "tools"}:
            changed = sorted(
                s["id"] for s in doc.get("specimens", [])
                if s not in old.get("specimens", []))
            print(f"specimens.json is out of date (specimens read differently: {changed})", file=sys.stderr)
            return 1
        print("specimens.json is up to date", file=sys.stderr)
        return 0
    Path(a.out).write_text(text)
    print(f"wrote {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
