#!/usr/bin/env python3
"""Draws the example layout's pictures with the standard library only: background.png (a soft
gradient with an arrow from the app's place to the Applications link's), background@2x.png (the
same at twice the pixels, for Retina screens) and Hello.icns (a 128-pixel PNG in an icns
container). Run it from anywhere; it writes beside itself."""
import os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def png(width, height, pixel):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")

def background(x, y, scale=1):
    x, y = x / scale, y / scale
    # The arrow, between the app (180, 170) and Applications (480, 170): a shaft, then a head.
    on_shaft = 262 <= x <= 372 and abs(y - 170) <= 4
    on_head = 372 <= x <= 400 and abs(y - 170) <= (400 - x) * 0.7
    if on_shaft or on_head:
        return (120, 128, 140, 255)
    shade = 250 - int(y * 20 // 400)
    return (shade, shade, min(255, shade + 4), 255)

def icon(x, y):
    dx, dy = x - 63.5, y - 63.5
    if dx * dx + dy * dy > 60 * 60:
        return (0, 0, 0, 0)
    return (40 + x, 90 + y // 2, 200, 255)

with open(os.path.join(HERE, "background.png"), "wb") as f:
    f.write(png(660, 400, background))
with open(os.path.join(HERE, "background@2x.png"), "wb") as f:
    f.write(png(1320, 800, lambda x, y: background(x, y, 2)))
picture = png(128, 128, icon)
element = b"ic07" + struct.pack(">I", 8 + len(picture)) + picture
with open(os.path.join(HERE, "Hello.icns"), "wb") as f:
    f.write(b"icns" + struct.pack(">I", 8 + len(element)) + element)
