#!/usr/bin/env python3
"""The fake stapler's work: puts a test ticket into a signed disk image's superblob (slot 0x10002),
copying every other blob as it is, as Apple's stapler does; or appends it to a flat package between
t8lr records (little-endian: magic, version 1, type, length, unused). An unsigned image is left
alone."""
import struct
import sys

path, ticket = sys.argv[1], sys.argv[2].encode()
data = bytearray(open(path, "rb").read())
if data[:4] == b"xar!":
    record = lambda kind, length: struct.pack("<4sHHI4x", b"t8lr", 1, kind, length)
    open(path, "ab").write(record(1, 0) + ticket + record(2, len(ticket)))
    sys.exit(0)
koly = bytearray(data[-512:])
if len(data) < 512 or koly[:4] != b"koly":
    sys.exit(0)
offset, length = struct.unpack(">QQ", koly[296:312])
if length == 0:
    sys.exit(0)
superblob = data[offset:offset + length]
count = struct.unpack(">I", superblob[8:12])[0]
blobs = {}
for index in range(count):
    slot, start = struct.unpack(">II", superblob[12 + 8 * index:20 + 8 * index])
    size = struct.unpack(">I", superblob[start + 4:start + 8])[0]
    blobs[slot] = bytes(superblob[start:start + size])
blobs[0x10002] = struct.pack(">II", 0xFADE0B01, 8 + len(ticket)) + ticket
slots = sorted(blobs)
header_size = 12 + 8 * len(slots)
total = header_size + sum(len(blob) for blob in blobs.values())
out = struct.pack(">III", 0xFADE0CC0, total, len(slots))
position = header_size
for slot in slots:
    out += struct.pack(">II", slot, position)
    position += len(blobs[slot])
out += b"".join(blobs[slot] for slot in slots)
koly[304:312] = struct.pack(">Q", len(out))
open(path, "wb").write(bytes(data[:offset]) + out + bytes(koly))
