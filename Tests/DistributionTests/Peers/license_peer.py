"""Decodes the license resources of a disk image with Python's codecs (Perl's Encode for Mac OS
Hebrew and Thai, which Python lacks), and builds the same
languages with dmgbuild's licensing module (loaded on its own: importing the dmgbuild package
reads the macOS version and fails elsewhere) to compare with.

usage: license_peer.py <image.dmg> <tag>=<license file>... ; prints JSON by tag.
"""
import importlib.util, json, os, plistlib, struct, subprocess, sys

CODECS = {
    "ja": "shift_jis", "zh-Hans": "gb2312", "zh-Hant": "big5", "ko": "euc_kr",
    "ru": "mac_cyrillic", "uk": "mac_cyrillic", "el": "mac_greek", "tr": "mac_turkish",
    "pl": "mac_latin2", "cs": "mac_latin2", "sk": "mac_latin2", "hu": "mac_latin2",
    "hr": "mac_croatian", "sl": "mac_croatian", "ro": "mac_romanian", "ar": "mac_arabic",
    "he": "perl:MacHebrew", "th": "perl:MacThai",
}
DMGBUILD = {
    "en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "nl": "nl_NL",
    "sv": "sv_SE", "da": "da_DK", "nb": "nb_NO", "fi": "fi_FI", "ja": "ja_JP", "ko": "ko_KR",
    "zh-Hans": "zh_CN", "zh-Hant": "zh_TW", "ru": "ru_RU", "pt": "pt_PT", "pt-BR": "pt_BR",
}


def decode(data, codec):
    """The text of the bytes, by Python's codec or by Perl's Encode for "perl:<name>"."""
    if not codec.startswith("perl:"):
        return data.decode(codec)
    # DiskImage's peer for the Mac code pages, in DiskImageTests/Peers.
    peer = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "DiskImageTests", "Peers",
        "mac_encoding_peer.pl")
    out = subprocess.run(["perl", peer, codec[5:], data.hex()], capture_output=True, check=True)
    line = out.stdout.decode().strip()
    if line == "-":
        raise ValueError(f"{codec} cannot decode {data.hex()}")
    return bytes.fromhex(line).decode("utf-8")


def resource(fork, kind, ident):
    for entry in fork.get(kind, []):
        if entry["ID"] == str(ident):
            return bytes(entry["Data"])
    return None


def pascal_strings(data):
    count, at, items = struct.unpack(">H", data[:2])[0], 2, []
    for _ in range(count):
        size = data[at]
        items.append(data[at + 1:at + 1 + size])
        at += 1 + size
    return items


def lpic_entries(data):
    default, count = struct.unpack(">HH", data[:4])
    return default, [struct.unpack(">HHH", data[4 + 6 * i:10 + 6 * i]) for i in range(count)]


def load_dmgbuild_licensing():
    base = importlib.util.find_spec("dmgbuild").submodule_search_locations[0]
    spec = importlib.util.spec_from_file_location("licensing", os.path.join(base, "licensing.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    image, pairs = sys.argv[1], [arg.split("=", 1) for arg in sys.argv[2:]]
    data = open(image, "rb").read()
    offset, length = struct.unpack(">QQ", data[-512:][216:232])
    fork = plistlib.loads(data[offset:offset + length])["resource-fork"]
    default, entries = lpic_entries(resource(fork, "LPic", 5000))
    ours = {}
    for (tag, path), (region, resource_offset, two_byte) in zip(pairs, entries):
        codec = CODECS.get(tag, "mac_roman")
        ident = 5000 + resource_offset
        strings = pascal_strings(resource(fork, "STR#", ident))
        text = resource(fork, "TEXT", ident)
        ours[tag] = {
            "region": region, "id": ident, "twoByte": two_byte, "codec": codec,
            "strings": [decode(s, codec) for s in strings],
            "text": decode(text, codec).replace("\r", "\n"),
            "stringBytes": [s.hex() for s in strings], "textBytes": text.hex(),
        }
    licensing = load_dmgbuild_licensing()
    known = [(tag, path) for tag, path in pairs if tag in DMGBUILD]
    built = licensing.build_license({"licenses": {DMGBUILD[tag]: path for tag, path in known}})
    _, theirs_entries = lpic_entries(built["LPic"][0]["Data"])
    for (tag, _), (region, resource_offset, two_byte) in zip(known, theirs_entries):
        info = licensing.language_info_map[DMGBUILD[tag]]
        codec = info.get("encoding", "mac_roman")
        ident = 5000 + resource_offset
        strings = pascal_strings(resource(built, "STR#", ident))
        text = resource(built, "TEXT", ident)
        ours[tag]["dmgbuild"] = {
            "region": region, "id": ident, "twoByte": two_byte, "codec": codec,
            "strings": [s.decode(codec) for s in strings],
            "text": text.decode(codec).replace("\r", "\n"),
            "stringBytes": [s.hex() for s in strings],
            "textBytes": text.replace(b"\n", b"\r").hex(),
        }
    print(json.dumps({"default": default, "languages": ours}))


main()
