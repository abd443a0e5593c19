"""An independent reader of a xar archive, for the tests: checks the header, the table of
contents' checksum at the heap's start, and every file's archived and extracted checksums and
sizes; prints one line per file (path, size, extracted SHA-256) and exits 1 naming a problem.

    python3 check_xar.py archive.xar
"""
import hashlib
import struct
import sys
import xml.etree.ElementTree as ElementTree
import zlib


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def main(path):
    data = open(path, "rb").read()
    magic, size, version, toc_length, toc_size, algorithm = struct.unpack(">4sHHQQI", data[:28])
    if magic != b"xar!" or size != 28 or version != 1:
        fail(f"bad header: {magic!r} {size} {version}")
    names = {1: "sha1", 3: "sha256"}
    if algorithm not in names:
        fail(f"checksum algorithm {algorithm}")
    compressed = data[size:size + toc_length]
    toc = zlib.decompress(compressed)
    if len(toc) != toc_size:
        fail(f"the TOC inflates to {len(toc)} bytes, the header says {toc_size}")
    heap = size + toc_length
    root = ElementTree.fromstring(toc).find("toc")
    checksum = root.find("checksum")
    if checksum.get("style") != names[algorithm]:
        fail("the TOC's checksum style is not the header's")
    start = heap + int(checksum.find("offset").text)
    stored = data[start:start + int(checksum.find("size").text)]
    if stored != hashlib.new(names[algorithm], compressed).digest():
        fail("the TOC's checksum does not match")

    def walk(element, prefix):
        for entry in element.findall("file"):
            name = prefix + entry.find("name").text
            kind = entry.find("type").text
            if kind == "file":
                record = entry.find("data")
                offset = heap + int(record.find("offset").text)
                archived = data[offset:offset + int(record.find("length").text)]
                style = record.find("archived-checksum").get("style")
                if hashlib.new(style, archived).hexdigest() != record.find("archived-checksum").text:
                    fail(f"{name}: archived checksum")
                encoding = record.find("encoding").get("style")
                content = zlib.decompress(archived) if encoding == "application/x-gzip" else archived
                if len(content) != int(record.find("size").text):
                    fail(f"{name}: size")
                if hashlib.new(style, content).hexdigest() != record.find("extracted-checksum").text:
                    fail(f"{name}: extracted checksum")
                print(name, len(content), hashlib.sha256(content).hexdigest(), entry.find("mode").text)
            else:
                print(name + "/", kind, entry.find("mode").text)
                walk(entry, name + "/")

    walk(root, "")


main(sys.argv[1])
