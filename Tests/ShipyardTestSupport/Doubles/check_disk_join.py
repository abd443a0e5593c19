"""Checks the notary double's on-disk join (s3_disk_join.py) against moto's own.

Each completion below, good or bad, goes once to moto (in process, through boto3) and once to
DiskJoin, over the same parts: both must refuse it with the same S3 error code, or both accept it
with the same ETag and bytes. A refused completion must leave the upload open (a corrected one
then succeeds, unless its parts are too small). Prints one JSON line per case: {"case", "moto",
"double", "after"}, each side an error code or "ok <etag> same-bytes|other-bytes", "after" what a
refused upload holds then; exits 0.

usage: check_disk_join.py <scratch folder>
"""
import hashlib, json, os, random, sys

import boto3
from botocore.exceptions import ClientError
from moto import mock_aws

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from s3_disk_join import DiskJoin, S3Error  # noqa: E402

BUCKET = "notary-submissions"
NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/"


def body(parts):
    """A CompleteMultipartUpload body as SDKs send it, for (number, etag) pairs."""
    listed = "".join("<Part><PartNumber>%d</PartNumber><ETag>\"%s\"</ETag></Part>" % part for part in parts)
    return ('<CompleteMultipartUpload xmlns="%s">%s</CompleteMultipartUpload>' % (NAMESPACE, listed)).encode()


class Upload:
    """One multipart upload held by moto, its parts also kept by a DiskJoin as the double keeps them."""

    def __init__(self, s3, joins, key, sizes, rng):
        self.s3, self.joins, self.key = s3, joins, key
        self.id = s3.create_multipart_upload(Bucket=BUCKET, Key=key)["UploadId"]
        self.etags, self.data = {}, b""
        for number, size in enumerate(sizes, start=1):
            data = rng.randbytes(size)
            answer = s3.upload_part(Bucket=BUCKET, Key=key, UploadId=self.id, PartNumber=number, Body=data)
            self.etags[number] = answer["ETag"].strip('"')
            joins.save_part(self.id, number, data)
            self.data += data

    def listed(self, numbers):
        return [(number, self.etags.get(number, "0" * 32)) for number in numbers]


def moto_side(s3, upload, parts):
    """What moto answers to the completion of `parts` (a list of (number, etag))."""
    try:
        answer = s3.complete_multipart_upload(
            Bucket=BUCKET, Key=upload.key, UploadId=upload.id,
            MultipartUpload={"Parts": [{"PartNumber": n, "ETag": '"%s"' % e} for n, e in parts]})
    except ClientError as error:
        return error.response["Error"]["Code"]
    stored = s3.get_object(Bucket=BUCKET, Key=upload.key)["Body"].read()
    return "ok %s %s" % (answer["ETag"].strip('"'), "same-bytes" if stored == upload.data else "other-bytes")


def double_side(s3, joins, upload, raw):
    """What the double's join answers to the completion body `raw`."""
    try:
        answer, _ = joins.complete(s3, BUCKET, upload.key, upload.id, raw)
    except S3Error as error:
        return error.code
    etag = answer.decode().split("<ETag>")[1].split("</ETag>")[0].replace("&quot;", "")
    with open(joins.objects[upload.key], "rb") as joined:
        stored = joined.read()
    return "ok %s %s" % (etag, "same-bytes" if stored == upload.data else "other-bytes")


def main(folder):
    rng = random.Random(7)
    mib = 1 << 20
    # (case, part sizes, the parts the completion lists, a wrong ETag for part 2)
    cases = [
        ("accepted", [5 * mib, 5 * mib, 1000], [1, 2, 3], False),
        ("wrong-etag", [5 * mib, 1000], [1, 2], True),
        ("missing-part", [5 * mib, 1000], [1, 2, 3], False),
        ("out-of-order", [5 * mib, 5 * mib], [2, 1], False),
        ("part-too-small", [1000, 1000], [1, 2], False),
    ]
    with mock_aws():
        s3 = boto3.client("s3", region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test")
        s3.create_bucket(Bucket=BUCKET)
        for name, sizes, numbers, wrong in cases:
            # Two uploads of the same bytes: one completed by moto, one by the double.
            seed = rng.random()
            uploads = [Upload(s3, DiskJoin(os.path.join(folder, name, side), always=True), "%s-%s" % (name, side),
                              sizes, random.Random(seed)) for side in ("moto", "double")]
            listed = uploads[0].listed(numbers)
            if wrong:
                listed = [(n, "f" * 32 if n == 2 else e) for n, e in listed]
            moto = moto_side(s3, uploads[0], listed)
            double = double_side(s3, uploads[1].joins, uploads[1], body(listed))
            after = None
            if not double.startswith("ok"):
                # Refused: the upload is still open, and the right completion still succeeds.
                still_open = any(u["UploadId"] == uploads[1].id
                                 for u in s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads", []))
                every_part = uploads[1].listed(sorted(uploads[1].etags))
                after = dict(stillOpen=still_open,
                             retried=double_side(s3, uploads[1].joins, uploads[1], body(every_part)))
            print(json.dumps(dict(case=name, moto=moto, double=double, after=after)), flush=True)
        # Refusals of the body itself, which boto3 cannot send to moto.
        upload = Upload(s3, DiskJoin(os.path.join(folder, "bodies"), always=True), "bodies", [1000], rng)
        for name, raw in (("not-xml", b"<CompleteMultipartUpload><Part>"), ("no-parts", body([]))):
            print(json.dumps(dict(case=name, moto=None, double=double_side(s3, upload.joins, upload, raw),
                                  after=None)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
