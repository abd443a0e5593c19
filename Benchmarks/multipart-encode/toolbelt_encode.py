"""Streams one file part with requests-toolbelt's MultipartEncoder to standard output."""
import sys

from requests_toolbelt.multipart.encoder import MultipartEncoder

path = sys.argv[1]
with open(path, "rb") as file:
    encoder = MultipartEncoder({"file": ("big.bin", file, "application/octet-stream")})
    out = sys.stdout.buffer
    while True:
        chunk = encoder.read(1 << 20)
        if not chunk:
            break
        out.write(chunk)
