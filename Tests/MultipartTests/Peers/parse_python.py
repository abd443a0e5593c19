"""Parse multipart bodies with werkzeug and python-multipart; print what each reads."""
import base64
import json
import sys

import python_multipart
from python_multipart.multipart import parse_options_header
from werkzeug.http import parse_options_header as werkzeug_options
from werkzeug.sansio.multipart import Data, Epilogue, Field, File, MultipartDecoder, NeedData


def boundary_of(content_type):
    return werkzeug_options(content_type)[1]["boundary"].encode()


def part(name, filename, content_type, data):
    return {"name": name, "filename": filename, "contentType": content_type,
            "data": base64.b64encode(bytes(data)).decode()}


def parse_werkzeug(body, content_type):
    decoder = MultipartDecoder(boundary_of(content_type))
    decoder.receive_data(body)
    decoder.receive_data(None)
    parts, current = [], None
    while True:
        event = decoder.next_event()
        if isinstance(event, NeedData):
            raise ValueError("werkzeug needs more data: truncated body")
        if isinstance(event, (Field, File)):
            filename = event.filename if isinstance(event, File) else None
            current = part(event.name, filename, event.headers.get("Content-Type"), b"")
            current["raw"] = bytearray()
            parts.append(current)
        elif isinstance(event, Data):
            current["raw"] += event.data
        elif isinstance(event, Epilogue):
            break
    for p in parts:
        p["data"] = base64.b64encode(bytes(p.pop("raw"))).decode()
    return parts


def parse_python_multipart(body, content_type):
    parts, state = [], {}

    def on_part_begin():
        state.update(headers={}, data=bytearray(), field=b"", value=b"")

    def on_header_field(data, start, end):
        state["field"] += data[start:end]

    def on_header_value(data, start, end):
        state["value"] += data[start:end]

    def on_header_end():
        state["headers"][state["field"].decode("latin-1").lower()] = state["value"]
        state["field"], state["value"] = b"", b""

    def on_part_data(data, start, end):
        state["data"] += data[start:end]

    def on_part_end():
        _, params = parse_options_header(state["headers"].get("content-disposition", b""))
        name = params.get(b"name", b"").decode("utf-8")
        filename = params.get(b"filename")
        content_type = state["headers"].get("content-type")
        parts.append(part(name, filename.decode("utf-8") if filename is not None else None,
                          content_type.decode("utf-8") if content_type is not None else None,
                          state["data"]))

    callbacks = dict(on_part_begin=on_part_begin, on_header_field=on_header_field,
                     on_header_value=on_header_value, on_header_end=on_header_end,
                     on_part_data=on_part_data, on_part_end=on_part_end)
    parser = python_multipart.MultipartParser(boundary_of(content_type), callbacks)
    parser.write(body)
    parser.finalize()
    return parts


def main():
    manifest = json.load(open(sys.argv[1]))
    results = {"werkzeug": {}, "python-multipart": {}}
    for case in manifest["cases"]:
        body = open(case["body"], "rb").read()
        for peer, parse in (("werkzeug", parse_werkzeug), ("python-multipart", parse_python_multipart)):
            try:
                results[peer][case["id"]] = parse(body, case["contentType"])
            except Exception as error:  # a rejected body is a result, not a crash
                results[peer][case["id"]] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(results, sys.stdout)


main()
