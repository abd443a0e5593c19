"""A loopback HTTP sink: reads each request's body (Content-Length or chunked) and answers 200.

It answers `Expect: 100-continue`, as curl -F asks for it, and discards the body through one
1 MiB buffer, so that the client, not the server, is what a benchmark measures. Prints its port.
"""
import socket
import sys
import threading


def read_head(connection, pending):
    while b"\r\n\r\n" not in pending:
        data = connection.recv(65536)
        if not data:
            return None, b""
        pending += data
    head, rest = pending.split(b"\r\n\r\n", 1)
    return head.decode("latin-1").lower(), rest


def drain(connection, count, rest, buffer):
    count -= len(rest)
    view = memoryview(buffer)
    while count > 0:
        received = connection.recv_into(view, min(len(buffer), count))
        if received == 0:
            raise ConnectionError("the body ended early")
        count -= received


def serve(connection):
    buffer = bytearray(1 << 20)
    with connection:
        head, rest = read_head(connection, b"")
        if head is None:
            return
        headers = dict(line.split(":", 1) for line in head.split("\r\n")[1:] if ":" in line)
        if headers.get("expect", "").strip() == "100-continue":
            connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        drain(connection, int(headers.get("content-length", "0")), rest, buffer)
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")


def main():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    sys.stdout.close()
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


main()
