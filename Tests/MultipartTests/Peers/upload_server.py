"""A loopback HTTP server for upload tests.

It listens on 127.0.0.1 (port 0: the system picks one, printed as the first line on stdout),
streams each POST body through werkzeug's multipart decoder without keeping it, and answers with
JSON: the Content-Length and Transfer-Encoding headers it received, every request header (names
lowercased), the bytes it read, and each part's name, filename, content type, size and SHA-256;
each answer sets the cookie `upload-server=seen`. A body is read by its Content-Length or,
sent with Transfer-Encoding: chunked (and no Content-Length), by its chunks; any other body is
refused with 411. With --answer-early-after N, it answers 413 once it has read N bytes of the
body, then reads the rest until the client stops sending. It stops after --requests requests
(default 1) or --seconds seconds.

A POST to /status/NNN reads the body and answers NNN instead, with `Location: /` for a 3xx; a GET
(what a client that turned a redirect into one sends) is answered with its method and nothing
received, so a test sees that the form never arrived.

Modes for retries and trust: --drop-first N resets the first N connections (SO_LINGER 0) as soon
as they are accepted, before reading a byte, and --unavailable-first N reads the first N bodies
and answers each with 503 and `Retry-After: 1`; neither counts in --requests. --log FILE appends a
line per connection: `dropped`, or the method, path and status answered. --tls-cert and --tls-key
serve HTTPS with that PEM certificate chain and key (a failed handshake counts as a request).
"""
import argparse
import hashlib
import json
import socket
import ssl
import struct
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from werkzeug.http import parse_options_header
from werkzeug.sansio.multipart import Data, Epilogue, Field, File, MultipartDecoder, NeedData


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.server.log(f"{self.command} {self.path} {code}")

    def reply(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Set-Cookie", "upload-server=seen; Path=/")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def pieces(self, count):
        """`count` bytes of the body, in pieces of at most 1 MiB (fewer if the client stops)."""
        while count:
            piece = self.rfile.read(min(count, 1 << 20))
            if not piece:
                return
            count -= len(piece)
            yield piece

    def chunks(self, length):
        """The body in pieces: `length` bytes, or its chunks when length is None."""
        if length is not None:
            yield from self.pieces(length)
            return
        while size := int(self.rfile.readline().split(b";")[0].strip(), 16):
            yield from self.pieces(size)
            self.rfile.readline()
        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
            pass  # trailer fields

    def do_GET(self):
        self.reply(200, {"method": "GET", "bytesReceived": 0, "parts": []})

    def answer_status(self, status, length):
        """Reads the body, then answers `status` (a 3xx pointing at /)."""
        received = sum(len(piece) for piece in self.chunks(length))
        body = json.dumps({"status": status, "bytesReceived": received}).encode()
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", "/")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = self.headers.get("Content-Length")
        encoding = self.headers.get("Transfer-Encoding")
        if (length is None) == (encoding is None) or encoding not in (None, "chunked"):
            return self.reply(411, {"error": "Content-Length or chunked Transfer-Encoding required",
                                    "transferEncoding": encoding})
        if self.server.unavailable_left > 0:
            self.server.unavailable_left -= 1
            sum(len(piece) for piece in self.chunks(int(length) if length is not None else None))
            body = b'{"error": "busy"}'
            self.send_response(503)
            self.send_header("Retry-After", "1")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            return self.wfile.write(body)
        if self.path.startswith("/status/"):
            return self.answer_status(int(self.path.split("/")[2]),
                                      int(length) if length is not None else None)
        if self.server.answer_early_after is not None:
            return self.answer_early(int(length) if length is not None else None)
        _, params = parse_options_header(self.headers.get("Content-Type", ""))
        decoder = MultipartDecoder(params["boundary"].encode())
        parts, current, received = [], None, 0
        pieces = self.chunks(int(length) if length is not None else None)
        while True:
            chunk = next(pieces, b"")
            received += len(chunk)
            decoder.receive_data(chunk if chunk else None)
            while True:
                event = decoder.next_event()
                if isinstance(event, NeedData):
                    break
                if isinstance(event, (Field, File)):
                    current = {"name": event.name,
                               "filename": event.filename if isinstance(event, File) else None,
                               "contentType": event.headers.get("Content-Type"),
                               "size": 0, "hash": hashlib.sha256()}
                    parts.append(current)
                elif isinstance(event, Data):
                    current["size"] += len(event.data)
                    current["hash"].update(event.data)
                elif isinstance(event, Epilogue):
                    break
            if not chunk or isinstance(event, Epilogue):
                break
        for piece in pieces:  # the rest of the body, after the epilogue began
            received += len(piece)
        for part in parts:
            part["sha256"] = part.pop("hash").hexdigest()
        self.reply(200, {"method": "POST",
                         "contentLength": int(length) if length is not None else None,
                         "transferEncoding": encoding,
                         "headers": {name.lower(): value for name, value in self.headers.items()},
                         "bytesReceived": received, "parts": parts})

    def answer_early(self, length):
        """Answers 413 after the first bytes of the body, then reads what the client still sends."""
        pieces = self.chunks(length)
        received = 0
        while received < self.server.answer_early_after:
            piece = next(pieces, b"")
            if not piece:
                break
            received += len(piece)
        self.reply(413, {"error": "the body is too large", "bytesReceived": received})
        try:
            for _ in pieces:
                pass
        except (ValueError, OSError):
            pass  # the client stopped sending mid-chunk on reading the answer, as it may


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--requests", type=int, default=1)
    options.add_argument("--seconds", type=float, default=600)
    options.add_argument("--answer-early-after", type=int)
    options.add_argument("--drop-first", type=int, default=0)
    options.add_argument("--unavailable-first", type=int, default=0)
    options.add_argument("--log")
    options.add_argument("--tls-cert")
    options.add_argument("--tls-key")
    arguments = options.parse_args()
    server = HTTPServer(("127.0.0.1", 0), Handler)
    server.answer_early_after = arguments.answer_early_after
    server.unavailable_left = arguments.unavailable_first

    def log(line):
        if arguments.log:
            with open(arguments.log, "a") as file:
                print(line, file=file, flush=True)

    server.log = log
    print(server.server_address[1], flush=True)
    threading.Timer(arguments.seconds, lambda: server.shutdown() or sys.exit(0)).start()
    for _ in range(arguments.drop_first):
        connection, _ = server.socket.accept()
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.close()
        log("dropped")
    if arguments.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments.tls_cert, arguments.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    for _ in range(arguments.requests + arguments.unavailable_first):
        server.handle_request()
    sys.stdout.flush()
    import os
    os._exit(0)


main()
