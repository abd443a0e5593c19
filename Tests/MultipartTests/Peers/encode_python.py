"""Encodes test forms with urllib3's encode_multipart_formdata (what requests uses).

Usage: encode_python.py <spec.json> <folder>; spec as node_peer.mjs's encode mode takes, and the
same manifest on standard output: {"cases": [{"id", "contentType", "body"}]}.
"""
import base64, json, os, sys
from urllib3 import encode_multipart_formdata

spec = json.load(open(sys.argv[1]))
cases = []
for form in spec["forms"]:
    fields = []
    for field in form["fields"]:
        if field.get("filename") is None:
            fields.append((field["name"], field["value"]))
        else:
            fields.append((field["name"], (field["filename"], base64.b64decode(field["data"]), field["type"])))
    body, content_type = encode_multipart_formdata(fields)
    path = os.path.join(sys.argv[2], form["id"] + ".python.multipart")
    open(path, "wb").write(body)
    cases.append({"id": form["id"], "contentType": content_type, "body": path})
print(json.dumps({"cases": cases}))
