"""CompleteMultipartUpload joined on disk, for the notary double's uploads too large for moto.

moto (5.2) joins a multipart upload in memory and holds the object about four times while it
does: FakeMultipart.complete (moto/s3/models.py) appends every part to one bytearray
(`total.extend(part.value)`) and returns a copy of it (`bytes(total)`); put_object then makes a
FakeKey whose value setter writes that copy into a SpooledTemporaryFile
(`self._value_buffer.write(new_value)`), which writes it into its BytesIO first and, past its
5 MiB limit, rolls over by writing the BytesIO's `getvalue()` to a file. Measured alone with
boto3 against ThreadedMotoServer, 82 parts of 64 MiB (5.1 GiB) complete in 98 s at a peak of
21.5 GiB: on a 23 GiB machine with the test's own processes beside it the allocation fails and
moto answers HTTP 500.

So from JOIN_ON_DISK_BYTES on (or always, in the double's s3-joins-on-disk mode) the double
completes the upload itself, and moto still judges the parts: the completion's list must name
parts moto holds with the ETags moto computed when it received them (ListParts), in ascending
order (S3's rule, which moto 5.2 does not apply), every part but the last at least 5 MiB (S3's
rules, which FakeMultipart.complete applies; check_disk_join.py holds the two answers together),
and the double's copy of each part must have moto's MD5. Then moto's upload is aborted (moto holds
nothing more) and the object is the joined file, in parts of 16 MiB: one part's worth in memory.
"""
import hashlib, os, re, shutil, threading
import xml.etree.ElementTree as ElementTree

JOIN_ON_DISK_BYTES = 1 << 30
PART_MIN_SIZE = 5 << 20
CHUNK = 16 << 20


class S3Error(Exception):
    """An S3 error answer: HTTP status, S3's code, and the message."""

    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    def xml(self):
        return ("<Error><Code>%s</Code><Message>%s</Message></Error>" % (self.code, self.message)).encode()


class DiskJoin:
    """The double's copies of every part it passed to moto, and the objects it joined on disk."""

    def __init__(self, folder, always=False):
        self.folder, self.always = folder, always
        self.objects = {}  # key -> path of the joined object
        self.completed = {}  # upload id -> the completion's answer, for a resent completion
        self.lock = threading.Lock()

    def part_path(self, upload_id, number):
        return os.path.join(self.folder, "parts", re.sub(r"[^A-Za-z0-9]", "_", upload_id), "%05d" % number)

    def save_part(self, upload_id, number, data):
        """Keeps the bytes moto accepted as part `number` (a resent part replaces the first)."""
        path = self.part_path(upload_id, number)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "wb") as file:
            file.write(data)
        os.replace(path + ".tmp", path)

    def discard(self, upload_id):
        shutil.rmtree(os.path.dirname(self.part_path(upload_id, 1)), ignore_errors=True)

    def joins(self, upload_id):
        """Whether the double, not moto, completes this upload."""
        if upload_id in self.completed or self.always:
            return True
        folder = os.path.dirname(self.part_path(upload_id, 1))
        held = sum(entry.stat().st_size for entry in os.scandir(folder)) if os.path.isdir(folder) else 0
        return held >= JOIN_ON_DISK_BYTES

    def complete(self, s3, bucket, key, upload_id, body):
        """Checks the completion `body` against moto's parts, joins them and aborts moto's upload.
        Returns the CompleteMultipartUploadResult's bytes and the figures to record; raises
        S3Error as S3 would answer."""
        with self.lock:
            if upload_id in self.completed:
                return self.completed[upload_id]
            listed = self.listed_parts(body)
            held = {}
            for page in s3.get_paginator("list_parts").paginate(Bucket=bucket, Key=key, UploadId=upload_id):
                held.update({part["PartNumber"]: part for part in page.get("Parts", [])})
            # Every listed part must be held before any size is judged, as moto and S3 answer.
            for number, etag in listed:
                part = held.get(number)
                if part is None or part["ETag"].strip('"') != etag:
                    raise S3Error(400, "InvalidPart", "part %d is not the one moto holds (ETag %s)" % (number, etag))
            for index, (number, etag) in enumerate(listed):
                part = held[number]
                if index < len(listed) - 1 and part["Size"] < PART_MIN_SIZE:
                    raise S3Error(400, "EntityTooSmall", "part %d is %d bytes, under 5 MiB" % (number, part["Size"]))
            s3.abort_multipart_upload(Bucket=bucket, Key=key, UploadId=upload_id)
            path = os.path.join(self.folder, "objects", re.sub(r"[^A-Za-z0-9.]", "_", key))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            digests, size = b"", 0
            with open(path + ".tmp", "wb") as joined:
                for number, etag in listed:
                    md5 = hashlib.md5()
                    with open(self.part_path(upload_id, number), "rb") as part:
                        while chunk := part.read(CHUNK):
                            md5.update(chunk)
                            joined.write(chunk)
                            size += len(chunk)
                    if md5.hexdigest() != etag:
                        raise S3Error(500, "InternalError", "the double's copy of part %d is not moto's" % number)
                    digests += md5.digest()
                    os.remove(self.part_path(upload_id, number))
            os.replace(path + ".tmp", path)
            self.discard(upload_id)
            self.objects[key] = path
            etag = '"%s-%d"' % (hashlib.md5(digests).hexdigest(), len(listed))
            answer = ("<CompleteMultipartUploadResult><Bucket>%s</Bucket><Key>%s</Key><ETag>%s</ETag>"
                      "</CompleteMultipartUploadResult>" % (bucket, key, etag.replace('"', "&quot;"))).encode()
            self.completed[upload_id] = answer, dict(joinedOnDisk=len(listed), joinedBytes=size)
            return self.completed[upload_id]

    @staticmethod
    def listed_parts(body):
        """The (part number, ETag) pairs of a CompleteMultipartUpload body, checked for order."""
        try:
            root = ElementTree.fromstring(body)
        except ElementTree.ParseError as error:
            raise S3Error(400, "MalformedXML", "the completion is not XML (%s)" % error)
        namespace = root.tag[:root.tag.index("}") + 1] if root.tag.startswith("{") else ""
        listed = []
        for part in root.iter(namespace + "Part"):
            number = int(part.findtext(namespace + "PartNumber"))
            if listed and number <= listed[-1][0]:
                raise S3Error(400, "InvalidPartOrder", "part %d follows part %d" % (number, listed[-1][0]))
            listed.append((number, part.findtext(namespace + "ETag").strip('"')))
        if not listed:
            raise S3Error(400, "MalformedXML", "the completion lists no part")
        return listed
