"""Parses a body held in memory with python-multipart or werkzeug, fed in 64 KiB chunks, RUNS
times; prints the best seconds and the part bytes.

Usage: python_parse_bench.py <python-multipart|werkzeug> <body> <boundary> [runs]
"""
import sys, time

kind, path, boundary = sys.argv[1], sys.argv[2], sys.argv[3]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
body = open(path, "rb").read()
chunks = [body[i:i + 65536] for i in range(0, len(body), 65536)]


def with_python_multipart():
    from multipart.multipart import MultipartParser
    size = [0]
    def on_part_data(data, start, end):
        size[0] += end - start
    parser = MultipartParser(boundary.encode(), {"on_part_data": on_part_data}, max_size=float("inf"))
    for chunk in chunks:
        parser.write(chunk)
    parser.finalize()
    return size[0]


def with_werkzeug():
    from werkzeug.sansio.multipart import MultipartDecoder, Data, NeedData, Epilogue
    decoder = MultipartDecoder(boundary.encode(), max_form_memory_size=None)
    size = 0
    for chunk in chunks + [None]:
        decoder.receive_data(chunk)
        while True:
            event = decoder.next_event()
            if isinstance(event, NeedData) or isinstance(event, Epilogue):
                break
            if isinstance(event, Data):
                size += len(event.data)
    return size


run = with_python_multipart if kind == "python-multipart" else with_werkzeug
best = float("inf")
for _ in range(runs):
    start = time.perf_counter()
    size = run()
    best = min(best, time.perf_counter() - start)
print(best, size)
