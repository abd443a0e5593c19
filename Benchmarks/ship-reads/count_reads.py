#!/usr/bin/env python3
"""How many times `shipyard dmg ship` reads the finished image, counted from outside the process.

Usage: count_reads.py <shipyard> [<older shipyard> ...] [--mib N] [--format UDZO]

For each binary it builds, signs, notarizes (through the loopback double of
Tests/ShipyardTestSupport/Doubles, with its own test PKI and API key), staples and verifies one image
of N MiB (default 1024) of bytes that do not compress, natively, under
`strace -f -y -e trace=read,pread64,copy_file_range`, then sums the bytes each call moved from the
image's path. It prints, per binary, the full passes read by user space (the upload's one pass
included: the S3 upload reads the image once whatever else happens) and the full passes copied in
the kernel (`copy_file_range`: a clone where the file system shares blocks), and the ratio.
Needs strace, openssl, python3 with moto[server], boto3, cryptography (.ci/run installs them).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOUBLES = os.path.join(ROOT, "Tests", "ShipyardTestSupport", "Doubles")
KEY_ID = "TESTKEY123"
ISSUER = "57246542-96fe-1a63-e053-0824d011072a"
CALL = re.compile(r'^\d+\s+(read|pread64|copy_file_range)\((\d+)<([^>]*)>.*\)\s+=\s+(\d+)')


def start_double(pki):
    subprocess.run(["bash", os.path.join(DOUBLES, "make_identities.sh"), pki], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ec, key, pub = (os.path.join(pki, n) for n in ("ec.pem", f"AuthKey_{KEY_ID}.p8", "api.pub"))
    subprocess.run(["openssl", "ecparam", "-genkey", "-name", "prime256v1", "-noout", "-out", ec],
                   check=True)
    subprocess.run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", ec, "-out", key], check=True)
    subprocess.run(["openssl", "ec", "-in", ec, "-pubout", "-out", pub], check=True,
                   stderr=subprocess.DEVNULL)
    double = subprocess.Popen(
        ["python3", os.path.join(DOUBLES, "notary_double.py"), pki, KEY_ID, ISSUER, pub,
         "s3-joins-on-disk"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = double.stdout.readline()
    if not line.startswith("port "):
        double.kill()
        sys.exit(f"the notary double did not start: {line!r}")
    return double, f"http://127.0.0.1:{int(line.split()[1])}", key


def write_payload(path, mib):
    state = 0x9E3779B97F4A7C15
    mask = (1 << 64) - 1
    with open(path, "wb") as out:
        block = os.urandom(1 << 20)
        for index in range(mib):
            # A different MiB each time (the first bytes change), so no chunk repeats another.
            state = (state * 6364136223846793005 + 1442695040888963407) & mask
            out.write(state.to_bytes(8, "little") + block[8:])


def count(shipyard, work, mib, image_format, double_url, key):
    source = os.path.join(work, "source")
    image = os.path.join(work, "Payload.dmg")
    trace = os.path.join(work, "trace.txt")
    env = dict(os.environ, P12_PASSWORD="test-password",
               SHIPYARD_NOTARY_URL=f"{double_url}/notary/v2", SHIPYARD_S3_URL=f"{double_url}/s3",
               SHIPYARD_TICKET_URL=f"{double_url}/ticket/lookup",
               SHIPYARD_TIMESTAMP_URL=f"{double_url}/tsa",
               SHIPYARD_TRUST_ROOTS=os.path.join(work, "pki", "root.pem"))
    command = ["strace", "-f", "-y", "-qq", "-e", "trace=read,pread64,copy_file_range",
               "-e", "signal=none", "-o", trace, shipyard, "dmg", "ship", source, "-o", image,
               "--format", image_format, "--engine", "native", "--force",
               "--p12", os.path.join(work, "pki", "identity.p12"), "--p12-password-env",
               "P12_PASSWORD", "--key", key, "--key-id", KEY_ID, "--issuer", ISSUER]
    run = subprocess.run(command, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{shipyard} dmg ship failed ({run.returncode}):\n{run.stderr}")
    size = os.path.getsize(image)
    moved = {"read": 0, "copy_file_range": 0}
    with open(trace) as lines:
        for line in lines:
            match = CALL.match(line)
            if match and match.group(3) == image:
                kind = "copy_file_range" if match.group(1) == "copy_file_range" else "read"
                moved[kind] += int(match.group(4))
    os.remove(trace)
    os.remove(image)
    for name in os.listdir(work):
        if name.startswith("Payload.dmg."):
            os.remove(os.path.join(work, name))
    return size, moved["read"] / size, moved["copy_file_range"] / size


def main():
    args = sys.argv[1:]
    mib, image_format = 1024, "UDZO"
    if "--mib" in args:
        index = args.index("--mib")
        mib = int(args[index + 1])
        del args[index:index + 2]
    if "--format" in args:
        index = args.index("--format")
        image_format = args[index + 1]
        del args[index:index + 2]
    if not args:
        sys.exit(__doc__)
    work = tempfile.mkdtemp(prefix="shipyard-ship-reads-")
    try:
        pki = os.path.join(work, "pki")
        os.makedirs(pki)
        double, url, key = start_double(pki)
        try:
            os.makedirs(os.path.join(work, "source"))
            write_payload(os.path.join(work, "source", "payload.bin"), mib)
            results = []
            for shipyard in args:
                size, read, copied = count(shipyard, work, mib, image_format, url, key)
                results.append(read)
                print(f"{shipyard}: a {size}-byte {image_format} image: read {read:.2f} times in "
                      f"full by user space (the upload's one pass included), copied "
                      f"{copied:.2f} times in the kernel")
            if len(results) > 1:
                print(f"full reads, first / others: "
                      + ", ".join(f"{results[0] / other:.2f}" for other in results[1:]))
        finally:
            double.kill()
            double.wait()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
