"""Seed corpora for the image-reader fuzz targets, from disk images.

usage: make_seeds.py <out-folder> <image.dmg>... [--seal <CodeResources>]...

For each image: the image itself (udif), its HFS+ partition decoded (hfsplus, its alternate
header and trailing zeros cut), its APFS partition decoded (apfs, the raw container, trailing
zeros cut), the root .DS_Store read from that volume by 7-Zip (dsstore), the
background alias the .DS_Store holds, read by the ds_store package (alias), and the embedded code
signature the koly trailer points at (signature). Independent of our reader: plistlib, zlib, bz2 and lzma.
Each --seal (a signed app's _CodeSignature/CodeResources) is a coderesources seed as it is
and as a binary property list (plistlib). The Mach-O seeds (macho) are apple-platform-py's synthetic executables and dylibs, thin, signed ad
hoc by it, and universal, when it is installed.
"""
import bz2, lzma, os, plistlib, struct, subprocess, sys, zlib

out, arguments = sys.argv[1], sys.argv[2:]
seals = [arguments[i + 1] for i, argument in enumerate(arguments) if argument == "--seal"]
images = [a for i, a in enumerate(arguments) if a != "--seal" and (i == 0 or arguments[i - 1] != "--seal")]
for target in ("udif", "hfsplus", "apfs", "dsstore", "alias", "signature", "macho", "coderesources"):
    os.makedirs(os.path.join(out, target), exist_ok=True)


def save(target, name, data):
    if data:
        with open(os.path.join(out, target, name), "wb") as file:
            file.write(data)


def decode(kind, stored, length):
    if kind == 0x80000005: return zlib.decompress(stored)
    if kind == 0x80000006: return bz2.decompress(stored)
    if kind == 0x80000008: return lzma.decompress(stored)
    if kind == 1: return stored[:length]
    return bytes(length)  # zero-fill and ignore


for path in images:
    name = os.path.basename(path)
    image = open(path, "rb").read()
    save("udif", name, image)
    koly = image[-512:]
    plist_offset, plist_length = struct.unpack(">QQ", koly[216:232])
    signature_offset, signature_length = struct.unpack(">QQ", koly[296:312])
    save("signature", name, image[signature_offset:signature_offset + signature_length])
    fork = plistlib.loads(image[plist_offset:plist_offset + plist_length])["resource-fork"]
    for entry in fork["blkx"]:
        partition = entry.get("CFName", entry.get("Name", ""))
        if "Apple_HFS" not in partition and "Apple_APFS" not in partition:
            continue
        table = entry["Data"]
        count = struct.unpack(">I", table[200:204])[0]
        volume = bytearray()
        for index in range(count):
            kind, _, first, sectors, offset, length = struct.unpack(
                ">IIQQQQ", table[204 + 40 * index:244 + 40 * index])
            if kind in (0x7FFFFFFE, 0xFFFFFFFF):
                continue
            try:
                volume[first * 512:] = decode(kind, image[offset:offset + length], sectors * 512)
            except (zlib.error, OSError, lzma.LZMAError):
                break  # a damaged fixture: its image is a seed, its volume is not
        else:
            # Without the alternate volume header (the last 1024 bytes, which the reader does
            # not use) and the zeros before it: the fuzz target reads zeros past its input.
            if "Apple_APFS" in partition:
                save("apfs", name, bytes(volume).rstrip(b"\0"))
            else:
                save("hfsplus", name, bytes(volume[:-1024]).rstrip(b"\0"))
    store = subprocess.run(["7zz", "e", "-so", path, "*/.DS_Store"], capture_output=True).stdout
    save("dsstore", name, store)
    if store:
        from ds_store import DSStore
        scratch = os.path.join(out, "store.tmp")
        save(".", "store.tmp", store)
        with DSStore.open(scratch, "r") as records:
            for record in records:
                if record.code == b"icvp" and "backgroundImageAlias" in record.value:
                    save("alias", name, bytes(record.value["backgroundImageAlias"]))
        os.remove(scratch)


for index, path in enumerate(seals):
    seal = open(path, "rb").read()
    save("coderesources", "seal-%d.xml" % index, seal)
    save("coderesources", "seal-%d.binary" % index, plistlib.dumps(plistlib.loads(seal), fmt=plistlib.FMT_BINARY))

try:
    import tempfile
    from apple_platform import macho, sign_macho_bytes

    with tempfile.TemporaryDirectory() as scratch:
        thin = []
        for arch in ("aarch64", "x86_64"):
            for kind in ("executable", "dylib"):
                data = macho.create_synthetic(arch, kind)
                save("macho", f"{arch}-{kind}", data)
                save("macho", f"{arch}-{kind}-signed", sign_macho_bytes(data, binary_identifier="com.example.seed"))
                thin.append(os.path.join(scratch, f"{arch}-{kind}"))
                with open(thin[-1], "wb") as file:
                    file.write(data)
        universal = os.path.join(scratch, "universal")
        macho.create_universal([thin[0], thin[2]], universal)
        save("macho", "universal", open(universal, "rb").read())
except ImportError:
    print("(no apple-platform-py: no Mach-O seeds)")
