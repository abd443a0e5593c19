"""Encodes test forms with curl -F: starts a loopback socket, points curl at it, and keeps the
raw request body curl sends.

Usage: encode_curl.py <spec.json> <folder>; spec as node_peer.mjs's encode mode takes; prints
{"cases": [{"id", "contentType", "body"}], "skipped": [ids]}. Forms with a name curl's -F syntax
cannot carry (one with "=") are skipped.
"""
import base64, json, os, socket, subprocess, sys, threading

spec = json.load(open(sys.argv[1]))
folder = sys.argv[2]


def receive(server, result):
    connection, _ = server.accept()
    data = b""
    while b"\r\n\r\n" not in data:
        data += connection.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    headers = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower().decode()] = value.strip().decode()
    length = int(headers["content-length"])
    while len(body) < length:
        body += connection.recv(65536)
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    connection.close()
    result["body"], result["type"] = body, headers["content-type"]


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


cases, skipped = [], []
for form in spec["forms"]:
    if any("=" in field["name"] for field in form["fields"]):
        skipped.append(form["id"])
        continue
    arguments = []
    for index, field in enumerate(form["fields"]):
        if field.get("filename") is None:
            arguments += ["--form-string", f'{field["name"]}={field["value"]}']
        else:
            path = os.path.join(folder, f'{form["id"]}-{index}.data')
            open(path, "wb").write(base64.b64decode(field["data"]))
            arguments += ["-F", f'{field["name"]}=@{path};type={field["type"]};filename={quoted(field["filename"])}']
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    result = {}
    thread = threading.Thread(target=receive, args=(server, result))
    thread.start()
    subprocess.run(["curl", "-s", "-o", os.devnull, "-H", "Expect:", *arguments,
                    f"http://127.0.0.1:{server.getsockname()[1]}/"], check=True)
    thread.join()
    server.close()
    body_path = os.path.join(folder, form["id"] + ".curl.multipart")
    open(body_path, "wb").write(result["body"])
    cases.append({"id": form["id"], "contentType": result["type"], "body": body_path})
print(json.dumps({"cases": cases, "skipped": skipped}))
