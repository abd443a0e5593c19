#!/usr/bin/env python3
"""Makes a Mach-O fixture for the notary judge's tests: copies <input> to <output>, optionally
rewrites its SDK version with lief, then signs it with apple-platform-py (rcodesign's engine).

Usage: sign_macho.py <input> <output> [options]
  --unsigned              copy only (after --sdk)
  --ad-hoc                an ad hoc signature (no certificate)
  --pem <file>            sign with the certificates and key in this PEM file
  --self-signed           sign with a new self-signed Developer ID Application certificate
  --timestamp-url <url>   an RFC 3161 timestamp from this authority (default: none)
  --runtime               set the hardened-runtime flag
  --entitlements <file>   entitlements XML
  --sdk <major.minor>     rewrite LC_BUILD_VERSION's (or LC_VERSION_MIN_MACOSX's) sdk first
  --sha1-only             SHA-1 CodeDirectory only
  --flip-byte <offset>    after signing, flip one byte at this offset (a broken page hash)
"""
import os, shutil, sys, tempfile

import apple_platform
import lief
from apple_platform.models import PemKey, Signer

lief.logging.disable()


def rewrite_sdk(path, version):
    major, minor = (int(part) for part in version.split("."))
    binary = lief.MachO.parse(path).at(0)
    command = binary.build_version if binary.has_build_version else binary.version_min
    command.sdk = [major, minor, 0]
    binary.write(path)


def main(arguments):
    source, target, options = arguments[0], arguments[1], arguments[2:]
    flags = {"--unsigned", "--ad-hoc", "--self-signed", "--runtime", "--sha1-only"}
    settings = {}
    while options:
        option = options.pop(0)
        settings[option] = True if option in flags else options.pop(0)
    shutil.copyfile(source, target)
    os.chmod(target, 0o755)
    if "--sdk" in settings:
        rewrite_sdk(target, settings["--sdk"])
    if "--unsigned" in settings:
        return
    with tempfile.TemporaryDirectory() as folder:
        signer = None
        if "--pem" in settings:
            signer = Signer(pem=PemKey(files=[settings["--pem"]]))
        elif "--self-signed" in settings:
            bundle = os.path.join(folder, "self-signed.pem")
            certificate = apple_platform.certificates.generate_self_signed(
                "Shipyard Other", profile="developer-id-application", team_id="OTHER12345")
            with open(bundle, "w") as file:
                file.write(certificate.certificate_pem + certificate.private_key_pem)
            signer = Signer(pem=PemKey(files=[bundle]))
        apple_platform.signing.sign(
            target, signer=signer, binary_identifier="com.example.hi",
            timestamp_url=settings.get("--timestamp-url", "none"),
            code_signature_flags=["runtime"] if "--runtime" in settings else None,
            entitlements_xml_file=settings.get("--entitlements"),
            digests=["sha1"] if "--sha1-only" in settings else None)
    if "--flip-byte" in settings:
        with open(target, "r+b") as file:
            file.seek(int(settings["--flip-byte"]))
            byte = file.read(1)[0]
            file.seek(int(settings["--flip-byte"]))
            file.write(bytes([byte ^ 0xFF]))


if __name__ == "__main__":
    main(sys.argv[1:])
