"""Seeds of the signature and cms fuzz targets, from signed Mach-O files.

usage: cms_seeds.py <out-folder> <Mach-O file>...

For each slice of each file (thin or universal) with LC_CODE_SIGNATURE: the superblob
(signature seeds) and, when it holds a CMS blob (slot 0x10000), the CMS (cms seeds) as written:
BER with indefinite lengths where Apple's codesign made it, DER where other signers did. Each DER
CMS is also seeded rewritten as BER (every constructed element of indefinite length, long
OCTET STRINGs cut into segments), and so is each time-stamp token found in one. Independent of
our readers: struct only.
"""
import os, struct, sys

out, files = sys.argv[1], sys.argv[2:]
for target in ("signature", "cms"):
    os.makedirs(os.path.join(out, target), exist_ok=True)


def save(target, name, data):
    with open(os.path.join(out, target, name), "wb") as file:
        file.write(data)


def slices(data):
    magic = struct.unpack(">I", data[:4])[0]
    if magic in (0xCAFEBABE, 0xCAFEBABF):
        wide = magic == 0xCAFEBABF
        count = struct.unpack(">I", data[4:8])[0]
        for index in range(min(count, 16)):
            if wide:
                _, _, offset, size, _, _ = struct.unpack(">iiQQII", data[8 + 32 * index:40 + 32 * index])
            else:
                _, _, offset, size, _ = struct.unpack(">iiIII", data[8 + 20 * index:28 + 20 * index])
            yield data[offset:offset + size]
    elif magic in (0xFEEDFACF, 0xCFFAEDFE, 0xFEEDFACE, 0xCEFAEDFE):
        yield data


def superblob(macho):
    little = macho[:4] in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe")
    order = "<" if little else ">"
    is64 = macho[:4] in (b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf")
    count = struct.unpack(order + "I", macho[16:20])[0]
    cursor = 32 if is64 else 28
    for _ in range(count):
        command, size = struct.unpack(order + "II", macho[cursor:cursor + 8])
        if command == 0x1D:  # LC_CODE_SIGNATURE
            offset, length = struct.unpack(order + "II", macho[cursor + 8:cursor + 16])
            return macho[offset:offset + length]
        cursor += size
    return None


def element(data, at):
    """(tag, header length, content length or None for indefinite, end) of the element at `at`."""
    tag, first = data[at], data[at + 1]
    if first == 0x80:
        end, cursor = None, at + 2
        while data[cursor:cursor + 2] != b"\0\0":
            cursor = element(data, cursor)[3]
        return tag, 2, None, cursor + 2
    if first < 0x80:
        return tag, 2, first, at + 2 + first
    count = first & 0x7F
    length = int.from_bytes(data[at + 2:at + 2 + count], "big")
    return tag, 2 + count, length, at + 2 + count + length


def children(data):
    cursor, items = 0, []
    while cursor < len(data):
        tag, header, length, end = element(data, cursor)
        content = data[cursor + header:end - (2 if length is None else 0)]
        items.append((tag, content))
        cursor = end
    return items


def ber(data):
    """`data` (a DER element sequence) with every constructed element indefinite and OCTET
    STRINGs over 32 bytes cut into 32-byte segments."""
    result = b""
    for tag, content in children(data):
        if tag & 0x20:
            result += bytes([tag, 0x80]) + ber(content) + b"\0\0"
        elif tag == 0x04 and len(content) > 32:
            pieces = b"".join(der(0x04, content[i:i + 32]) for i in range(0, len(content), 32))
            result += b"\x24\x80" + pieces + b"\0\0"
        else:
            result += der(tag, content)
    return result


def der(tag, content):
    if len(content) < 0x80:
        return bytes([tag, len(content)]) + content
    length = len(content).to_bytes((len(content).bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(length)]) + length + content


for path in files:
    name = f"{files.index(path)}-{os.path.basename(path)}"
    with open(path, "rb") as file:
        data = file.read()
    for index, macho in enumerate(slices(data)):
        blob = superblob(macho)
        if not blob or blob[:4] != b"\xfa\xde\x0c\xc0":
            continue
        save("signature", f"{name}-{index}", blob)
        count = struct.unpack(">I", blob[8:12])[0]
        for entry in range(count):
            slot, offset = struct.unpack(">II", blob[12 + 8 * entry:20 + 8 * entry])
            if slot != 0x10000:
                continue
            length = struct.unpack(">I", blob[offset + 4:offset + 8])[0]
            cms = blob[offset + 8:offset + length]
            if len(cms) < 2:
                continue
            save("cms", f"{name}-{index}", cms)
            if cms[1] != 0x80:
                save("cms", f"{name}-{index}-ber", ber(cms))
