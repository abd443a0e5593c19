"""Writes the two benchmark bodies into <folder>: file.multipart (one 64 MiB random file part)
and crlf.multipart (one 16 MiB file part dense in CR LF). Prints the boundary."""
import os, sys

folder = sys.argv[1]
boundary = "----ShipyardBenchBoundary7MA4YWxkTrZu0gW"
def write(name, payload):
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}.bin\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode()
    with open(os.path.join(folder, name + ".multipart"), "wb") as f:
        f.write(head + payload + f"\r\n--{boundary}--\r\n".encode())
write("file", os.urandom(64 << 20))
write("crlf", (b"\r\n" * 3 + b"--\r\n-" + b"\r\n\r\n\r") * ((16 << 20) // 16))
print(boundary)
