#!/usr/bin/env python3
"""Judges a notarization submission as Apple's notary service does, for the loopback Notary double.

The rules and the log format are those of the reference (app-signing.md §14): the submission (a
DMG holding an HFS+ or APFS volume, or a zip) is extracted with 7-Zip, every Mach-O in it (thin,
or each slice of a universal binary; also inside zips in the submission) is judged, and the
answer is Invalid, with one issue per failed rule per slice in Apple's wording, or Accepted when
every slice passes. A submission with no Mach-O at all is Accepted, as Apple accepts a DMG of data.

Per slice:
- signed at all (LC_CODE_SIGNATURE present) -> else "The binary is not signed.";
- structurally valid: apple-platform-py's verify_macho finds no wrong code-page, special-slot or
  CMS signature, and the CMS carries the chain to its root -> else "The signature of the binary
  is invalid." (a CMS without the chain also loses its timestamp, as Apple reports);
- a CMS signer whose certificate has Apple's Developer ID Application marker
  (1.2.840.113635.100.6.1.13) and chains, through CAs with the Developer ID CA marker
  (1.2.840.113635.100.6.2.6), to one of the trusted roots -> else "…valid Developer ID
  certificate." (ad hoc and linker signatures included);
- an RFC 3161 token (unsigned attribute 1.2.840.113549.1.9.16.2.14) that `openssl ts -verify`
  accepts for the signature value, chained to a trusted root -> else "…secure timestamp.";
- MH_EXECUTE: CodeDirectory flag 0x10000 (runtime) -> else "…hardened runtime enabled.";
- no `com.apple.security.get-task-allow` true in the entitlements (XML slot 5 or DER slot 7);
- the SDK of LC_BUILD_VERSION / LC_VERSION_MIN_MACOSX (read with lief) is at least 10.9 (a slice
  with neither command is not judged on this: what Apple does then is not known here);
- not SHA-1-only: some CodeDirectory uses another hash type -> else "…too weak.".

A flat installer package (a xar archive, `xar!`) must itself be signed by a Developer ID Installer
certificate (marker 1.2.840.113635.100.6.1.14) chaining, through Developer ID CAs, to a trusted
root: its table of contents' digest checked against the heap, the CMS (`<x-signature>`) verified by
`openssl cms` over that digest, the RSA `<signature>` by `openssl pkeyutl`, and the CMS's RFC 3161
token by `openssl ts -verify` -> else "The package is not signed with a valid Developer ID Installer
certificate." (the double's wording: Apple's is not in the reference), its detail naming the part. Then every Payload in it (gzip'd cpio) is unpacked with gzip and cpio and judged
as a folder.

Independent of Shipyard's Swift code: Mach-O headers and load commands come from lief, signatures
are checked by apple-platform-py, certificates by `cryptography`, tokens by openssl; the SuperBlob
index, CodeDirectory flags and the CMS's signer fields are read here with a small DER reader.

Usage: notary_judge.py --trust-root <pem> [--trust-root <pem> ...] <submission> [<name>]
prints the log's JSON (status, statusSummary, statusCode, issues) on stdout.
"""
import hashlib, json, os, plistlib, struct, subprocess, sys, tempfile

import apple_platform
import lief
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding

lief.logging.disable()

DOC = ("https://developer.apple.com/documentation/security/"
       "notarizing_macos_software_before_distribution/resolving_common_notarization_issues")
# Apple's messages, each with the docUrl its logs give (the anchors seen in published logs; the
# page itself where no log with an anchor was found).
NOT_SIGNED = ("The binary is not signed.", DOC + "#3087721")
NOT_DEVELOPER_ID = ("The binary is not signed with a valid Developer ID certificate.", DOC + "#3087721")
NO_TIMESTAMP = ("The signature does not include a secure timestamp.", DOC + "#3087733")
NO_RUNTIME = ("The executable does not have the hardened runtime enabled.", DOC + "#3087724")
GET_TASK_ALLOW = ("The executable requests the com.apple.security.get-task-allow entitlement.", DOC)
OLD_SDK = ("The binary uses an SDK older than the 10.9 SDK.", DOC)
INVALID = ("The signature of the binary is invalid.", DOC + "#3087735")
WEAK = ("The signature algorithm used is too weak.", DOC)

DEVELOPER_ID_APPLICATION = "1.2.840.113635.100.6.1.13"
DEVELOPER_ID_INSTALLER = "1.2.840.113635.100.6.1.14"
PACKAGE_NOT_SIGNED = ("The package is not signed with a valid Developer ID Installer certificate.",
                      DOC)
DEVELOPER_ID_CA = "1.2.840.113635.100.6.2.6"
TIMESTAMP_TOKEN = "1.2.840.113549.1.9.16.2.14"
GET_TASK_ALLOW_KEY = "com.apple.security.get-task-allow"
THIN_MAGICS = {b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe"}
FAT_MAGICS = {0xCAFEBABE, 0xCAFEBABF}
CPU_NAMES = {7: "i386", 0x01000007: "x86_64", 12: "arm", 0x0100000C: "arm64", 18: "ppc",
             0x01000012: "ppc64", 0x0200000C: "arm64_32"}
HFS_PRIVATE = {"[HFS+ Private Data]", ".HFS+ Private Directory Data"}


# MARK: - DER


class Element:
    """One DER element: its tag, where its content starts and ends, and where it starts."""

    def __init__(self, data, offset):
        self.data, self.offset, self.tag = data, offset, data[offset]
        length, self.start = data[offset + 1], offset + 2
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[self.start:self.start + count], "big")
            self.start += count
        self.end = self.start + length

    def children(self):
        items, offset = [], self.start
        while offset < self.end:
            item = Element(self.data, offset)
            items.append(item)
            offset = item.end
        return items

    def first(self):
        return Element(self.data, self.start)

    def content(self):
        return bytes(self.data[self.start:self.end])

    def encoded(self):
        return bytes(self.data[self.offset:self.end])

    def oid(self):
        data = self.content()
        parts = [min(data[0] // 40, 2), data[0] - 40 * min(data[0] // 40, 2)]
        value = 0
        for byte in data[1:]:
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                parts.append(value)
                value = 0
        return ".".join(map(str, parts))


# MARK: - Signature


class Signature:
    """What one slice's embedded signature holds: CodeDirectories, entitlements, the CMS."""

    def __init__(self, blob):
        magic, _, count = struct.unpack(">III", blob[:12])
        if magic != 0xFADE0CC0:
            raise ValueError("no embedded-signature SuperBlob (magic %08x)" % magic)
        self.slots = {}
        for index in range(count):
            slot, offset = struct.unpack(">II", blob[12 + 8 * index:20 + 8 * index])
            length = struct.unpack(">I", blob[offset + 4:offset + 8])[0]
            self.slots[slot] = blob[offset:offset + length]
        self.directories = [self.slots[slot] for slot in sorted(self.slots)
                            if slot == 0 or 0x1000 <= slot <= 0x1004]
        if not self.directories:
            raise ValueError("no CodeDirectory")
        self.flags = struct.unpack(">I", self.directories[0][12:16])[0]
        self.hash_types = {directory[0x25] for directory in self.directories}
        wrapper = self.slots.get(0x10000, b"")
        self.cms = wrapper[8:] if len(wrapper) > 8 else None

    def requests_get_task_allow(self):
        xml = self.slots.get(5)
        if xml is not None and len(xml) > 8:
            try:
                if plistlib.loads(xml[8:]).get(GET_TASK_ALLOW_KEY) is True:
                    return True
            except Exception:  # noqa: BLE001 - unreadable XML: the DER form decides
                pass
        encoded = self.slots.get(7)
        key = GET_TASK_ALLOW_KEY.encode()
        # SEQUENCE { UTF8String key, BOOLEAN true } in the DER dictionary.
        return encoded is not None and bytes([0x0C, len(key)]) + key + b"\x01\x01\xff" in encoded

    def signer(self):
        """(certificates, the signer's certificate or None, signature value, token or None)."""
        return cms_signer(self.cms)


def cms_signer(cms):
    """What a DER CMS SignedData holds: (certificates, the signer's certificate or None, its
    signature value, its RFC 3161 token or None)."""
    signed_data = Element(cms, 0).children()[1].first().children()
    certificates = []
    for field in signed_data:
        if field.tag == 0xA0:
            certificates = [x509.load_der_x509_certificate(c.encoded()) for c in field.children()]
    infos = signed_data[-1].children()
    if not infos:
        return certificates, None, b"", None
    info = infos[0].children()
    issuer, serial = info[1].children()[:2]
    leaf = next((c for c in certificates if c.serial_number == int.from_bytes(
        serial.content(), "big", signed=True) and c.issuer.public_bytes() == issuer.encoded()),
                None)
    value = next(field.content() for field in info if field.tag == 0x04)
    token = None
    for field in info:
        if field.tag == 0xA1:
            for attribute in field.children():
                kind, values = attribute.children()[:2]
                if kind.oid() == TIMESTAMP_TOKEN and values.children():
                    token = values.first().encoded()
    return certificates, leaf, value, token


# MARK: - Trust


def issued_by(certificate, issuer):
    try:
        certificate.verify_directly_issued_by(issuer)
        return True
    except Exception:  # noqa: BLE001 - any failure means "not its issuer"
        return False


def chain_to(leaf, certificates, roots):
    """"trusted" when the leaf chains through Developer ID CAs to a trusted root, "missing" when the
    CMS lacks a certificate on the way, "untrusted" otherwise."""
    current = leaf
    for depth in range(8):
        if any(issued_by(current, root) for root in roots):
            # A leaf right under the root has no Developer ID CA between them.
            return "trusted" if depth > 0 else "untrusted"
        issuer = next((c for c in certificates if c is not current and issued_by(current, c)), None)
        if issuer is None:
            return "untrusted" if current.issuer == current.subject else "missing"
        markers = {extension.oid.dotted_string for extension in issuer.extensions}
        if issuer.issuer != issuer.subject and DEVELOPER_ID_CA not in markers:
            return "untrusted"
        current = issuer
    return "untrusted"


def timestamp_verifies(token, value, roots_file):
    """Whether openssl accepts the token for the signature value, chained to a trusted root."""
    signed_data = Element(token, 0).children()[1].first().children()
    tst_info = signed_data[2].children()[1].first().first().children()
    algorithm = tst_info[2].children()[0].first().oid()
    name = {"2.16.840.1.101.3.4.2.1": "sha256", "1.3.14.3.2.26": "sha1",
            "2.16.840.1.101.3.4.2.2": "sha384", "2.16.840.1.101.3.4.2.3": "sha512"}.get(algorithm)
    if name is None:
        return False
    with tempfile.NamedTemporaryFile(suffix=".der") as file:
        file.write(token)
        file.flush()
        run = subprocess.run(["openssl", "ts", "-verify", "-token_in", "-in", file.name, "-digest",
                              hashlib.new(name, value).hexdigest(), "-CAfile", roots_file],
                             capture_output=True)
    return run.returncode == 0


# MARK: - Slices


def issue(entry, architecture, path=None):
    """One issue of Apple's log: entry is (message, docUrl)."""
    return dict(severity="error", code=None, path=path, message=entry[0], docUrl=entry[1],
                architecture=architecture)


def architectures(data):
    """The architecture of each slice of a Mach-O file's bytes, or [] when it is not Mach-O."""
    if data[:4] in THIN_MAGICS:
        order = "<" if data[:4] in (b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe") else ">"
        cputype = struct.unpack(order + "I", data[4:8])[0]
        return [CPU_NAMES.get(cputype, "cputype %#x" % cputype)]
    if len(data) < 8:
        return []
    magic, count = struct.unpack(">II", data[:8])
    # Java class files share 0xcafebabe: their "count" is a class-file version, far above 20.
    if magic not in FAT_MAGICS or not 0 < count < 20:
        return []
    found = []
    for index in range(count):
        # fat_arch is 20 bytes, fat_arch_64 32; both start with cputype.
        start = 8 + (20 if magic == 0xCAFEBABE else 32) * index
        cputype = struct.unpack(">I", data[start:start + 4])[0]
        found.append(CPU_NAMES.get(cputype, "cputype %#x" % cputype))
    return found


def judge_slice(binary, architecture, problems, roots, roots_file):
    """Apple's messages for one slice (lief's binary), in the order Apple's logs list them."""
    executable = binary.header.file_type == lief.MachO.Header.FILE_TYPE.EXECUTE
    issues = []
    signature = None
    if binary.has_code_signature:
        try:
            signature = Signature(bytes(binary.code_signature.content))
        except (ValueError, struct.error, IndexError):
            issues.append(INVALID)
    if not binary.has_code_signature:
        issues += [NOT_SIGNED, NO_TIMESTAMP]
    elif signature is not None:
        chain, token_ok = "untrusted", False
        if signature.cms is not None:
            try:
                certificates, leaf, value, token = signature.signer()
            except (ValueError, IndexError):
                certificates, leaf, value, token = [], None, b"", None
                problems = problems + ["CMS structure"]
            if leaf is not None and DEVELOPER_ID_APPLICATION in {
                    e.oid.dotted_string for e in leaf.extensions}:
                chain = chain_to(leaf, certificates, roots)
            if chain == "missing":
                problems = problems + ["certificate chain incomplete"]
            token_ok = token is not None and chain != "missing" and timestamp_verifies(
                token, value, roots_file)
        elif problems:
            # apple-platform-py reports a CMS error for every ad hoc signature: not a fault.
            problems = [p for p in problems if not p.startswith("CMS")]
        if problems:
            issues.append(INVALID)
        if chain == "untrusted":
            issues.append(NOT_DEVELOPER_ID)
        if not token_ok:
            issues.append(NO_TIMESTAMP)
    if executable and (signature is None or not signature.flags & 0x10000):
        issues.append(NO_RUNTIME)
    if executable and signature is not None and signature.requests_get_task_allow():
        issues.append(GET_TASK_ALLOW)
    sdk = binary.build_version.sdk if binary.has_build_version else (
        binary.version_min.sdk if binary.has_version_min else None)
    if sdk is not None and tuple(sdk) < (10, 9, 0):
        issues.append(OLD_SDK)
    if signature is not None and signature.hash_types <= {1}:
        issues.append(WEAK)
    return [issue(entry, architecture) for entry in issues]


def judge_file(path, shown, roots, roots_file):
    """The issues of one file (shown as `shown` in the log), [] when it is not Mach-O."""
    with open(path, "rb") as file:
        found = architectures(file.read(4096))  # the fat table: at most 8 + 19 * 32 bytes
    if not found:
        return []
    # verify_macho: wrong code-page, special-slot and CMS signatures, per fat index.
    problems = {}
    for problem in apple_platform.reading.verify_macho(path):
        text = problem.get("description", "")
        if text.startswith("@") and ": " in text:  # "@<fat index>: " before each slice's problem
            text = text.split(": ", 1)[1]
        if "signature data not found" in text or "no cryptographic signature" in text:
            continue
        problems.setdefault(problem.get("fat_index") or 0, []).append(text)
    parsed = lief.MachO.parse(path)
    issues = []
    for index, architecture in enumerate(found):
        binary = parsed.at(index) if parsed is not None and index < len(parsed) else None
        if binary is None:
            issues.append(issue(INVALID, architecture))
            continue
        issues += judge_slice(binary, architecture, problems.get(index, []), roots, roots_file)
    for entry in issues:
        entry["path"] = shown
    return issues


# MARK: - Submissions


def extract(archive, into):
    """Extracts a DMG (its HFS+ or APFS volume) or a zip with 7-Zip; returns the folder whose
    contents are the volume's root (7-Zip puts an HFS+ volume in a folder named as the volume)."""
    listing = subprocess.run(["7zz", "l", "-slt", archive], capture_output=True, text=True)
    run = subprocess.run(["7zz", "x", "-y", "-sns-", "-o" + into, archive], capture_output=True,
                         text=True)
    if listing.returncode != 0 or run.returncode != 0:
        lines = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
        raise ValueError("7-Zip cannot extract it (%s)" % (lines[-1] if lines else run.returncode))
    types = [line[len("Type = "):] for line in listing.stdout.splitlines() if line.startswith("Type = ")]
    if "HFS" in types:
        folders = [n for n in os.listdir(into) if os.path.isdir(os.path.join(into, n))]
        if len(folders) == 1:
            return os.path.join(into, folders[0])
    return into


def judge_folder(folder, shown, roots, roots_file):
    issues = []
    for directory, subfolders, files in os.walk(folder):
        subfolders[:] = sorted(n for n in subfolders if n not in HFS_PRIVATE
                               and not os.path.islink(os.path.join(directory, n)))
        for name in sorted(files):
            path = os.path.join(directory, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            inside = shown + "/" + os.path.relpath(path, folder)
            with open(path, "rb") as file:
                head = file.read(4)
            if head == b"PK\x03\x04":
                issues += judge_archive(path, inside, roots, roots_file)
            else:
                issues += judge_file(path, inside, roots, roots_file)
    return issues


def judge_archive(archive, shown, roots, roots_file):
    with open(archive, "rb") as file:
        if file.read(4) == b"xar!":
            return judge_package(archive, shown, roots, roots_file)
    with tempfile.TemporaryDirectory(prefix="notary-judge-") as into:
        return judge_folder(extract(archive, into), shown, roots, roots_file)


def package_signature_problem(archive, roots, roots_file):
    """Why the package's signature fails, or None: the TOC digest, the CMS over it (openssl cms),
    the RSA signature (openssl pkeyutl), and an Installer leaf chaining to a trusted root."""
    import base64, re, zlib
    data = open(archive, "rb").read()
    header_size, _, compressed, _, algorithm = struct.unpack(">HHQQI", data[4:28])
    toc = data[header_size:header_size + compressed]
    heap = header_size + compressed
    name = {1: "sha1", 3: "sha256", 4: "sha512"}.get(algorithm)
    if name is None:
        return "checksum algorithm %d" % algorithm
    digest = hashlib.new(name, toc).digest()
    if data[heap:heap + len(digest)] != digest:
        return "the table of contents does not match its checksum"
    xml = zlib.decompress(toc).decode()

    def element(tag):
        found = re.search(r'<%s style="(\w+)">(.*?)</%s>' % (tag, tag), xml, re.S)
        if found is None:
            return None
        offset = int(re.search(r"<offset>(\d+)</offset>", found.group(2)).group(1))
        size = int(re.search(r"<size>(\d+)</size>", found.group(2)).group(1))
        certificates = [base64.b64decode(re.sub(r"\s", "", text)) for text in
                        re.findall(r"<X509Certificate>(.*?)</X509Certificate>", found.group(2), re.S)]
        return data[heap + offset:heap + offset + size], certificates

    rsa, cms = element("signature"), element("x-signature")
    if rsa is None or cms is None:
        return "not signed"
    certificates = [x509.load_der_x509_certificate(der) for der in cms[1]]
    if not certificates:
        return "no certificates"
    leaf = certificates[0]
    if DEVELOPER_ID_INSTALLER not in {e.oid.dotted_string for e in leaf.extensions}:
        return "the leaf is not a Developer ID Installer certificate"
    if chain_to(leaf, certificates, roots) != "trusted":
        return "the chain does not end at a trusted root"
    with tempfile.TemporaryDirectory(prefix="notary-pkg-") as folder:
        paths = {}
        for key, value in (("digest", digest), ("cms", der_prefix(cms[0])),
                           ("rsa", rsa[0]), ("leaf", leaf.public_bytes(Encoding.PEM))):
            paths[key] = os.path.join(folder, key)
            open(paths[key], "wb").write(value)
        checked = subprocess.run(
            ["openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", paths["cms"],
             "-content", paths["digest"], "-CAfile", roots_file, "-ignore_critical",
             "-purpose", "any", "-out", os.devnull], capture_output=True)
        if checked.returncode != 0:
            return "the CMS signature does not verify"
        checked = subprocess.run(
            ["openssl", "pkeyutl", "-verify", "-certin", "-inkey", paths["leaf"], "-pkeyopt",
             "digest:" + name, "-in", paths["digest"], "-sigfile", paths["rsa"]],
            capture_output=True)
        if checked.returncode != 0:
            return "the RSA signature does not verify"
    _, _, value, token = cms_signer(der_prefix(cms[0]))
    if token is None or not timestamp_verifies(token, value, roots_file):
        return NO_TIMESTAMP[0]
    return None


def der_prefix(data):
    """The DER element at the start of data (a signature zero-padded in its reserved space); all of
    data when its length is indefinite (BER)."""
    if len(data) < 2 or data[1] == 0x80:
        return data
    if data[1] < 0x80:
        return data[:2 + data[1]]
    count = data[1] & 0x7F
    return data[:2 + count + int.from_bytes(data[2:2 + count], "big")]


def judge_package(archive, shown, roots, roots_file):
    """A flat package's issues: its own signature, then the Mach-O in each payload."""
    try:
        problem = package_signature_problem(archive, roots, roots_file)
    except Exception as error:  # noqa: BLE001 - any unreadable signature is no valid one
        problem = "unreadable signature (%s)" % error
    if problem is not None:
        found = issue(PACKAGE_NOT_SIGNED, None, shown)
        found["detail"] = problem
        return [found]
    issues = []
    with tempfile.TemporaryDirectory(prefix="notary-pkg-") as into:
        members = os.path.join(into, "members")
        run = subprocess.run(["7zz", "x", "-y", "-txar", "-o" + members, archive], capture_output=True)
        if run.returncode != 0:
            raise ValueError("7-Zip cannot extract the package")
        for directory, _, files in os.walk(members):
            for name in sorted(files):
                if name != "Payload":
                    continue
                payload = os.path.join(directory, name)
                tree = payload + ".tree"
                os.makedirs(tree)
                unpacked = subprocess.run(
                    ["sh", "-c", 'gzip -dc "$1" | (cd "$2" && cpio -idm --quiet)', "sh", payload, tree],
                    capture_output=True)
                if unpacked.returncode != 0:
                    raise ValueError("the payload does not unpack")
                inside = shown + "/" + os.path.relpath(payload, members)
                issues += judge_folder(tree, inside, roots, roots_file)
    return issues


def judge(submission, name, root_paths):
    """The notary log of a submission: Accepted when no Mach-O in it fails a rule."""
    roots = []
    for path in root_paths:
        with open(path, "rb") as file:
            roots += x509.load_pem_x509_certificates(file.read())
    with tempfile.NamedTemporaryFile(suffix=".pem") as roots_file:
        roots_file.write(b"".join(root.public_bytes(Encoding.PEM) for root in roots))
        roots_file.flush()
        try:
            issues = judge_archive(submission, name, roots, roots_file.name)
        except ValueError as error:
            # The double's own wording: Apple's for an unreadable archive is not in the reference.
            issues = [issue(("The archive is invalid or unsupported: %s" % error, None), None, name)]
    if issues:
        return invalid_log(issues)
    return dict(status="Accepted", statusSummary="Ready for distribution", statusCode=0, issues=None)


def invalid_log(issues):
    """Apple's fields of an Invalid submission's log, with these issues."""
    return dict(status="Invalid", statusSummary="Archive contains critical validation errors",
                statusCode=4000, issues=issues)


def trust_roots(arguments):
    """The paths after each `--trust-root` in arguments, and the other arguments in order."""
    roots, rest, arguments = [], [], list(arguments)
    while arguments:
        argument = arguments.pop(0)
        if argument == "--trust-root":
            roots.append(arguments.pop(0))
        else:
            rest.append(argument)
    return roots, rest


def main(arguments):
    roots, rest = trust_roots(arguments)
    if not roots or not 1 <= len(rest) <= 2:
        sys.exit("usage: notary_judge.py --trust-root <pem> ... <submission> [<name>]")
    name = rest[1] if len(rest) == 2 else os.path.basename(rest[0])
    print(json.dumps(judge(rest[0], name, roots), indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
