#!/usr/bin/env python3
"""Reads an app zip back with Python's zipfile and compares it with the folder it was made from,
walked here with os.lstat (independent of Shipyard): every entry under <Name>.app/, folders as
entries ending in /, modes kept, symbolic links stored as links (S_IFLNK, target as data, not
deflated), the UTF-8 flag, no AppleDouble or __MACOSX entries, testzip() clean.

Usage: check_zip.py <zip> <folder>; prints a JSON report: {"problems": [...], "methods": {...}}.
"""
import json, os, stat, sys, zipfile

archive, folder = sys.argv[1:3]
parent = os.path.basename(os.path.normpath(folder))
problems, methods, expected = [], {}, {}
for directory, folders, files in os.walk(folder):
    relative = os.path.relpath(directory, os.path.dirname(os.path.normpath(folder)))
    expected[relative + "/"] = os.lstat(directory)
    for name in folders + files:
        path = os.path.join(directory, name)
        info = os.lstat(path)
        if stat.S_ISDIR(info.st_mode) and not os.path.islink(path):
            continue
        expected[os.path.join(relative, name)] = info

with zipfile.ZipFile(archive) as zipped:
    bad = zipped.testzip()
    if bad is not None:
        problems.append("testzip: bad CRC in %s" % bad)
    infos = zipped.infolist()
    names = [info.filename for info in infos]
    if sorted(names) != sorted(expected):
        problems.append("names differ: only in zip %s, only in folder %s" % (
            sorted(set(names) - set(expected)), sorted(set(expected) - set(names))))
    for info in infos:
        name = info.filename
        methods[name] = info.compress_type
        if not name.startswith(parent + "/"):
            problems.append("%s is not under %s/" % (name, parent))
        if "__MACOSX" in name or os.path.basename(name.rstrip("/")).startswith("._"):
            problems.append("AppleDouble entry %s" % name)
        if not info.flag_bits & 0x800:
            problems.append("%s lacks the UTF-8 flag" % name)
        if info.create_system != 3:
            problems.append("%s not made by Unix" % name)
        source = expected.get(name)
        if source is None:
            continue
        mode = info.external_attr >> 16
        if mode != source.st_mode:
            problems.append("%s: mode %o, folder has %o" % (name, mode, source.st_mode))
        path = os.path.join(os.path.dirname(os.path.normpath(folder)), name)
        data = zipped.read(info)
        if stat.S_ISLNK(source.st_mode):
            if data.decode() != os.readlink(path):
                problems.append("%s: link target %r, folder has %r" % (name, data, os.readlink(path)))
            if info.compress_type != zipfile.ZIP_STORED:
                problems.append("%s: a link must be stored" % name)
        elif stat.S_ISREG(source.st_mode):
            with open(path, "rb") as file:
                if data != file.read():
                    problems.append("%s: contents differ" % name)
        elif name.endswith("/") and data:
            problems.append("%s: a folder with data" % name)
        if info.date_time[0] < 1980:
            problems.append("%s: date %r" % (name, info.date_time))
print(json.dumps({"problems": problems, "methods": methods, "count": len(infos)}))
