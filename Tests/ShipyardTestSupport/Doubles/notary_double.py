#!/usr/bin/env python3
"""Loopback test double of Apple's Notary API, its S3 upload, the CloudKit ticket look-up and a
time-stamp authority, for Shipyard's native engine. Never reaches the network.

It checks what it receives and refuses what Apple would refuse:
- every Notary API call carries a JWT whose ES256 signature verifies with the test key's public
  half, with header alg ES256 / kid / typ JWT and claims iss, aud appstoreconnect-v1, iat, exp at
  most 20 minutes after iat (else 401);
- the upload goes through /s3/<bucket>/<key>: its SigV4 Authorization is recomputed with botocore
  for the issued credentials and session token (else 403), then the bytes are stored in a real S3
  implementation (moto's server, started here on loopback);
- a submission (a DMG, or an app zipped with its entries under <Name>.app/) is Accepted only when
  the stored object's SHA-256 is the one submitted and notary_judge.py (beside this file) finds no
  Mach-O in it that Apple would refuse: unsigned, not
  Developer ID chained to a trusted root, no secure timestamp, no hardened runtime, get-task-allow,
  an SDK before 10.9, SHA-1 only, or an invalid signature; else it is Invalid, with Apple's log
  (at developerLogUrl, and in <pki folder>/logs/<id>.json); the ticket look-up serves a ticket
  only for the code directory hash of an accepted upload: the image's, or the zipped app's main
  executable's (its first slice's SHA-256 CodeDirectory);
- time stamps are real RFC 3161 replies from `openssl ts -reply`.

Usage: notary_double.py <pki folder> <key id> <issuer> <public key pem> [--trust-root <pem>]...
                        [mode ...]
The trusted roots default to <pki folder>/root.pem. Modes: unauthorized, s3-refuses, s3-drops-part-2
(the first upload of a multipart upload's part 2 is read, then the connection is closed with no
answer), s3-drops-once (the first PUT's connection is closed half-way through its body, with no
answer), s3-refuses-part-2 (part 2 gets 403), s3-slow-parts (each part after the first waits 2 s
before it is stored, so that a test can interrupt an upload between parts), s3-slow-put (a one-PUT
upload, once read, waits 2 s before it is stored, so that a test can interrupt it), s3-joins-on-disk (every
multipart upload is completed by the double, as those of 1 GiB and more always are:
s3_disk_join.py), invalid (every submission Invalid, with a canned log), ticket-never, tsa-down.
Prints "port <n>" when ready. S3's multipart upload (create, parts, abort, and the completion under
1 GiB) is moto's own; moto judges every part's ETag.
Every request is appended to <pki folder>/requests.jsonl (secrets replaced by their checks); each
ticket served is kept in <pki folder>/tickets/<cdhash>.ticket.
GET /notary/v2/submissions lists every submission newest first (id, type, attributes createdDate,
name, status) as Apple's "Get Previous Submissions" does; listing is no poll.
"""
import base64, hashlib, http.server, json, os, plistlib, signal, socketserver, struct, subprocess, sys
import tempfile
import threading, time, traceback, urllib.error, urllib.parse, urllib.request

import boto3
import lief
from botocore.auth import S3SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from moto.server import ThreadedMotoServer

import notary_judge
from s3_disk_join import DiskJoin, S3Error

PKI, KEY_ID, ISSUER, PUBLIC_KEY = sys.argv[1:5]
TRUST_ROOTS, MODES = notary_judge.trust_roots(sys.argv[5:])
TRUST_ROOTS, MODES = TRUST_ROOTS or [os.path.join(PKI, "root.pem")], set(MODES)
PUBLIC = serialization.load_pem_public_key(open(PUBLIC_KEY, "rb").read())
BUCKET = "notary-submissions-test"
ACCESS, SECRET, TOKEN = "ASIATESTACCESSKEY", "test-secret-access-key", "test-session-token"

moto = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
moto.start()
MOTO_URL = "http://127.0.0.1:%d" % moto._server.port
s3 = boto3.client("s3", endpoint_url=MOTO_URL, region_name="us-west-2",
                  aws_access_key_id="x", aws_secret_access_key="x")
s3.create_bucket(Bucket=BUCKET, CreateBucketConfiguration={"LocationConstraint": "us-west-2"})

joins = DiskJoin(os.path.join(PKI, "s3"), always="s3-joins-on-disk" in MODES)
submissions = {}  # id -> {name, sha256, polls}
accepted_cdhashes = set()
dropped_parts = set()
ticket_lookups = {}
lock = threading.Lock()
dropped_upload = threading.Event()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_jwt(header_value):
    """Returns None when the token is acceptable, else the reason."""
    if not header_value or not header_value.startswith("Bearer "):
        return "no bearer token"
    try:
        head, claims, signature = header_value[7:].split(".")
        header = json.loads(b64url_decode(head))
        body = json.loads(b64url_decode(claims))
        raw = b64url_decode(signature)
        if len(raw) != 64:
            return "ES256 signature is not 64 bytes (r||s)"
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        PUBLIC.verify(der, (head + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
    except Exception as error:  # noqa: BLE001 - any failure is a 401
        return "bad token: %s" % error
    now = time.time()
    if header != {"alg": "ES256", "kid": KEY_ID, "typ": "JWT"}:
        return "bad header %r" % header
    if body.get("iss") != ISSUER or body.get("aud") != "appstoreconnect-v1":
        return "bad iss/aud"
    if not (body["iat"] <= now + 60 and body["exp"] > now and body["exp"] - body["iat"] <= 1200):
        return "bad iat/exp"
    if "unauthorized" in MODES:
        return "mode unauthorized"
    return None


def check_sigv4(handler, path, body, method="PUT"):
    auth = handler.headers.get("Authorization", "")
    if not auth.startswith("AWS4-HMAC-SHA256 "):
        return "no SigV4 Authorization"
    if handler.headers.get("x-amz-security-token") != TOKEN:
        return "no session token"
    fields = dict(part.strip().split("=", 1) for part in auth[len("AWS4-HMAC-SHA256 "):].split(","))
    signed = fields["SignedHeaders"].split(";")
    if hashlib.sha256(body).hexdigest() != handler.headers.get("x-amz-content-sha256"):
        return "x-amz-content-sha256 is not the body's"
    url = "http://%s%s" % (handler.headers["Host"], path)
    headers = {name: handler.headers[name] for name in signed if name != "host"}
    request = AWSRequest(method=method, url=url, headers=headers, data=body)
    request.context["timestamp"] = handler.headers["x-amz-date"]
    signer = S3SigV4Auth(Credentials(ACCESS, SECRET, TOKEN), "s3", "us-west-2")
    canonical = signer.canonical_request(request)
    expected = signer.signature(signer.string_to_sign(request, canonical), request)
    if expected != fields["Signature"]:
        return "SigV4 signature differs from botocore's (%s)" % expected
    return None


CANNED_ISSUE = notary_judge.issue(notary_judge.NOT_DEVELOPER_ID, "x86_64",
                                  "Hello.dmg/Hello.app/Contents/MacOS/Hello")


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(16 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def verdict(ident, submission, stored):
    """The submission's log (Apple's fields), judged once from the stored object's file and kept in
    <pki>/logs/<id>.json."""
    name = submission["name"]
    sha256 = sha256_of(stored)
    if sha256 != submission["sha256"]:
        log = notary_judge.invalid_log([notary_judge.issue(
            ("The uploaded file's SHA-256 is not the submitted one.", None), None, name)])
    elif "invalid" in MODES:
        log = notary_judge.invalid_log([CANNED_ISSUE])
    else:
        with tempfile.TemporaryDirectory(prefix="notary-submission-") as folder:
            path = os.path.join(folder, os.path.basename(name) or "submission")
            os.symlink(stored, path)
            log = notary_judge.judge(path, name, TRUST_ROOTS)
    cdhash = cdhash_of(stored) if log["status"] == "Accepted" else None
    log = dict(logFormatVersion=1, jobId=ident, status=log["status"],
               statusSummary=log["statusSummary"], statusCode=log["statusCode"], archiveFilename=name,
               uploadDate="2026-01-01T00:00:00.000Z", sha256=sha256,
               ticketContents=[{"path": name, "digestAlgorithm": "SHA-256", "cdhash": cdhash}]
               if cdhash else None, issues=log["issues"])
    os.makedirs(os.path.join(PKI, "logs"), exist_ok=True)
    with open(os.path.join(PKI, "logs", ident + ".json"), "w") as file:
        json.dump(log, file, indent=2)
    return log


def cdhash_of(path):
    """The cdhash a ticket for the stored object (a file) is filed under: the signed image's, or
    for a zip the app's main executable's; None when there is none."""
    with open(path, "rb") as file:
        head = file.read(4)
    if head == b"PK\x03\x04":
        return app_cdhash_of(path)
    if head == b"xar!":
        return package_digest_of(path)
    return image_cdhash_of(path)


def package_digest_of(path):
    """The first 20 bytes (hex) of a flat package's table-of-contents digest, which its ticket is
    filed under (record 2/1/… for SHA-1, 2/2/… for SHA-256)."""
    with open(path, "rb") as file:
        header = file.read(28)
        header_size, _, compressed, _, algorithm = struct.unpack(">HHQQI", header[4:28])
        file.seek(header_size)
        toc = file.read(compressed)
    name = {1: "sha1", 3: "sha256", 4: "sha512"}.get(algorithm)
    return hashlib.new(name, toc).hexdigest()[:40] if name else None


def app_cdhash_of(path):
    """The 20-byte cdhash (hex) of the main executable of the one <Name>.app in a zip: its first
    slice's SHA-256 CodeDirectory (hash type 2), read with lief; None when it is not signed."""
    with tempfile.TemporaryDirectory(prefix="notary-zip-") as folder:
        root = notary_judge.extract(path, os.path.join(folder, "x"))
        apps = [name for name in os.listdir(root) if name.endswith(".app")]
        if len(apps) != 1:
            return None
        contents = os.path.join(root, apps[0], "Contents")
        with open(os.path.join(contents, "Info.plist"), "rb") as file:
            executable = plistlib.load(file).get("CFBundleExecutable")
        parsed = lief.MachO.parse(os.path.join(contents, "MacOS", executable or ""))
        binary = parsed.at(0) if parsed is not None else None
        if binary is None or not binary.has_code_signature:
            return None
        blob = bytes(binary.code_signature.content)
        count = struct.unpack(">I", blob[8:12])[0]
        for index in range(count):
            slot, start = struct.unpack(">II", blob[12 + 8 * index:20 + 8 * index])
            if slot == 0 or 0x1000 <= slot <= 0x1004:
                length = struct.unpack(">I", blob[start + 4:start + 8])[0]
                directory = blob[start:start + length]
                if directory[0x25] == 2:
                    return hashlib.sha256(directory).hexdigest()[:40]
    return None


def image_cdhash_of(path):
    """The 20-byte cdhash of a signed UDIF image (a file), read from its trailer and superblob;
    None for an unsigned image or another kind of file."""
    with open(path, "rb") as image:
        length = image.seek(0, os.SEEK_END)
        if length < 512:
            return None
        image.seek(length - 512)
        trailer = image.read(512)
        offset, size = struct.unpack(">QQ", trailer[0x128:0x138])
        if trailer[:4] != b"koly" or size < 12 or offset + size > length:
            return None
        image.seek(offset)
        blob = image.read(size)
    count = struct.unpack(">I", blob[8:12])[0]
    for index in range(count):
        slot, start = struct.unpack(">II", blob[12 + 8 * index:20 + 8 * index])
        if slot == 0:
            length = struct.unpack(">I", blob[start + 4:start + 8])[0]
            return hashlib.sha256(blob[start:start + length]).hexdigest()[:40]
    return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, **fields):
        with lock, open(os.path.join(PKI, "requests.jsonl"), "a") as log:
            log.write(json.dumps(dict(method=self.command, path=self.path, **fields)) + "\n")

    def reply(self, status, body=b"", content_type="application/json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def notary(self):
        problem = check_jwt(self.headers.get("Authorization"))
        self.record(jwt=problem or "ok")
        if problem:
            self.reply(401, {"errors": [{"status": "401", "code": "NOT_AUTHORIZED",
                                         "title": "Authentication credentials are missing or invalid."}]})
            return False
        return True

    def do_POST(self):
        data = self.body()
        if self.path.startswith("/s3/"):
            self.s3_request(data)
            return
        if self.path == "/notary/v2/submissions":
            if not self.notary():
                return
            request = json.loads(data)
            ident = "2efe2717-52ef-43a5-96dc-%012d" % (len(submissions) + 1)
            now = time.time()
            created = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + ".%03dZ" % (int(now * 1000) % 1000)
            submissions[ident] = dict(name=request["submissionName"], sha256=request["sha256"], polls=0,
                                      created=created)
            self.record(submission=request)
            self.reply(200, {"data": {"id": ident, "type": "newSubmissions", "attributes": {
                "awsAccessKeyId": ACCESS, "awsSecretAccessKey": SECRET, "awsSessionToken": TOKEN,
                "bucket": BUCKET, "object": "prod/%s/%s" % (ident, request["submissionName"])}}})
        elif self.path == "/ticket/lookup":
            name = json.loads(data)["records"][0]["recordName"]
            cdhash = name.split("/")[-1]
            count = ticket_lookups[cdhash] = ticket_lookups.get(cdhash, 0) + 1
            self.record(recordName=name)
            if cdhash in accepted_cdhashes and count > 1 and "ticket-never" not in MODES:
                ticket = b"shipyard-test-ticket:" + bytes.fromhex(cdhash)
                os.makedirs(os.path.join(PKI, "tickets"), exist_ok=True)
                with open(os.path.join(PKI, "tickets", cdhash + ".ticket"), "wb") as file:
                    file.write(ticket)  # what was served, for the tests to compare
                self.reply(200, {"records": [{"recordName": name, "fields": {"signedTicket": {
                    "type": "BYTES", "value": base64.b64encode(ticket).decode()}}}]})
            else:
                self.reply(200, {"records": [{"recordName": name, "reason": "Record not found",
                                              "serverErrorCode": "NOT_FOUND"}]})
        elif self.path == "/tsa":
            self.record(contentType=self.headers.get("Content-Type"))
            if "tsa-down" in MODES:
                self.reply(503, b"down for the test", "text/plain")
                return
            with tempfile.TemporaryDirectory() as folder:
                query = os.path.join(folder, "query.tsq")
                open(query, "wb").write(data)
                subprocess.run(["openssl", "ts", "-reply", "-config", os.path.join(PKI, "ext.cnf"),
                                "-section", "tsa_section", "-queryfile", query,
                                "-signer", os.path.join(PKI, "tsa.pem"), "-inkey", os.path.join(PKI, "tsa.key"),
                                "-out", os.path.join(folder, "reply.tsr")],
                               check=True, capture_output=True, cwd=PKI)
                self.reply(200, open(os.path.join(folder, "reply.tsr"), "rb").read(),
                           "application/timestamp-reply")
        else:
            self.reply(404, {"error": "no such endpoint"})

    def do_PUT(self):
        if "s3-drops-once" in MODES and not dropped_upload.is_set():
            dropped_upload.set()
            half = int(self.headers.get("Content-Length") or 0) // 2
            self.rfile.read(half)
            self.record(dropped=True, bytes=half)
            self.close_connection = True
            self.connection.shutdown(2)  # SHUT_RDWR: the connection drops mid-upload
            return
        self.s3_request(self.body())

    def do_DELETE(self):
        self.s3_request(self.body())

    def s3_request(self, data):
        """An S3 request under /s3/: SigV4 checked, then passed to moto as it is (PutObject, and
        the multipart upload's CreateMultipartUpload, UploadPart, CompleteMultipartUpload and
        AbortMultipartUpload)."""
        if not self.path.startswith("/s3/"):
            self.reply(404, {"error": "no such endpoint"})
            return
        problem = check_sigv4(self, self.path, data, self.command)
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query, keep_blank_values=True)
        part = query.get("partNumber", [None])[0]
        if "s3-refuses" in MODES or (part == "2" and "s3-refuses-part-2" in MODES):
            problem = problem or "mode s3-refuses"
        fields = dict(sigv4=problem or "ok", bytes=len(data), part=part)
        upload_id = query.get("uploadId", [None])[0]
        if not problem and self.command == "POST" and upload_id and joins.joins(upload_id):
            self.complete_on_disk(upload_id, data, fields)
            return
        self.record(**fields)
        if problem:
            self.reply(403, ("<Error><Code>AccessDenied</Code><Message>%s</Message></Error>" % problem).encode(),
                       "application/xml")
            return
        if self.command == "PUT" and ("s3-slow-parts" in MODES and part not in (None, "1")
                                      or "s3-slow-put" in MODES and part is None):
            time.sleep(2)
        if part == "2" and "s3-drops-part-2" in MODES and not dropped_parts:
            dropped_parts.add(part)
            self.record(dropped=part)
            self.close_connection = True
            self.connection.shutdown(2)
            return
        # The Authorization (checked above) goes along: moto refuses an anonymous request to
        # overwrite an object, as a rerun's PUT after an interrupted one does.
        request = urllib.request.Request(MOTO_URL + self.path[len("/s3"):], data=data if data else None,
                                         method=self.command,
                                         headers={"Content-Type": self.headers.get("Content-Type", ""),
                                                  "Authorization": self.headers.get("Authorization", "")})
        try:
            with urllib.request.urlopen(request) as answer:
                status, headers, body = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            status, headers, body = error.code, error.headers, error.read()
        if upload_id and part and status == 200:
            joins.save_part(upload_id, int(part), data)
        elif upload_id and (self.command == "DELETE" or (self.command == "POST" and status == 200)):
            joins.discard(upload_id)  # aborted, or completed by moto
        if self.command == "DELETE":
            pending = s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads", [])
            self.record(aborted=status, pendingUploads=len(pending))
        self.send_response(status)
        for name in ("ETag", "Content-Type"):
            if headers.get(name):
                self.send_header(name, headers[name])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def submission_data(self, ident, submission, status):
        return {"id": ident, "type": "submissions", "attributes": {
            "status": status, "name": submission["name"], "createdDate": submission["created"]}}

    def judge(self, ident, submission):
        """Judges the stored object once; False (after a 500 answer) when that fails."""
        key = "prod/%s/%s" % (ident, submission["name"])
        try:
            with tempfile.TemporaryDirectory(prefix="notary-object-") as folder:
                stored = joins.objects.get(key)
                if stored is None:
                    stored = os.path.join(folder, "object")
                    s3.download_file(BUCKET, key, stored)
                submission["log"] = log = verdict(ident, submission, stored)
        except Exception:  # noqa: BLE001 - the test sees why instead of an empty reply
            self.reply(500, {"error": traceback.format_exc()})
            return False
        for ticket in log["ticketContents"] or []:
            accepted_cdhashes.add(ticket["cdhash"])
        self.record(storedSHA256Matches=log["sha256"] == submission["sha256"], verdict=log["status"])
        return True

    def complete_on_disk(self, upload_id, body, fields):
        """CompleteMultipartUpload by the double, checked against moto's parts (s3_disk_join.py);
        recorded with `fields` and the join's figures."""
        key = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path.split("/", 3)[3])
        try:
            answer, figures = joins.complete(s3, BUCKET, key, upload_id, body)
        except S3Error as error:
            self.record(completion=error.code, **fields)
            self.reply(error.status, error.xml(), "application/xml")
            return
        self.record(**fields, **figures)
        self.reply(200, answer, "application/xml")

    def do_GET(self):
        if self.path.startswith("/s3/"):
            self.s3_request(b"")  # ListParts
            return
        parts = self.path.strip("/").split("/")
        if parts == ["notary", "v2", "submissions"]:
            if not self.notary():
                return
            listed = [self.submission_data(ident, submission, submission["log"]["status"]
                                           if "log" in submission else "In Progress")
                      for ident, submission in submissions.items()]
            self.record(listed=len(listed))
            self.reply(200, {"data": listed[::-1], "meta": {}})
        elif parts[:3] == ["notary", "v2", "submissions"] and len(parts) >= 4:
            if not self.notary():
                return
            ident = parts[3]
            submission = submissions.get(ident)
            if submission is None:
                self.reply(404, {"errors": [{"status": "404"}]})
                return
            if len(parts) == 5 and parts[4] == "logs":
                host = self.headers["Host"]
                self.reply(200, {"data": {"id": ident, "type": "submissionsLog", "attributes": {
                    "developerLogUrl": "http://%s/logs/%s" % (host, ident)}}})
                return
            submission["polls"] += 1
            status = "In Progress"
            if submission["polls"] > 1:
                with submission.setdefault("judging", threading.Lock()):  # a resent poll waits
                    if "log" not in submission and not self.judge(ident, submission):
                        return
                status = submission["log"]["status"]
            self.reply(200, {"data": self.submission_data(ident, submission, status), "meta": {}})
        elif parts[0] == "logs" and len(parts) == 2:
            submission = submissions.get(parts[1])
            if submission is None or "log" not in submission:
                self.reply(404, {"error": "no log for %s yet" % parts[1]})
            else:
                self.reply(200, submission["log"])
        else:
            self.reply(404, {"error": "no such endpoint"})


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


# moto's server thread keeps the interpreter from ending on SIGTERM: end at once.
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
server = Server(("127.0.0.1", 0), Handler)
print("port %d" % server.server_address[1], flush=True)
server.serve_forever()
