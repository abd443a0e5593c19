import Digests
import SystemSupport

extension XarReader {
  /// Checks the file `entry`'s bytes against its size and both checksums without holding a
  /// stored file in memory: a stored member (a payload of gigabytes) is hashed a piece at a
  /// time; a zlib one is read whole through ``contents(of:limit:)``.
  ///
  /// - Throws: ``XarReaderError`` naming the file whose data lies outside the heap, is larger
  ///   than `limit` (zlib only), or does not match; what the source throws.
  package func checkContents(of entry: XarEntry, limit: Int64 = defaultContentsLimit) throws {
    guard let data = entry.data, data.encoding == "application/octet-stream" else {
      _ = try contents(of: entry, limit: limit)
      return
    }
    let part = "file \(entry.path)"
    guard data.offset >= 0, data.length >= 0, data.offset <= size - heapOffset,
      data.length <= size - heapOffset - data.offset
    else {
      throw XarReaderError(part, at: heapOffset, "its data lies past the end of the file")
    }
    let start = heapOffset + data.offset
    guard data.size == data.length else {
      throw XarReaderError(
        part, at: start, "it is stored in \(data.length) bytes, its record says \(data.size)")
    }
    var digests: [String: IncrementalDigest] = [:]
    for checksum in [data.archivedChecksum, data.extractedChecksum] {
      guard let algorithm = XarChecksum(style: checksum.style)?.algorithm else {
        throw XarReaderError(
          part, at: start, "its checksum style \(checksum.style) is not read here")
      }
      digests[checksum.style] = digests[checksum.style] ?? IncrementalDigest(algorithm)
    }
    var done: Int64 = 0
    while done < data.length {
      let piece = try source.read(at: start + done, count: Int(min(1 << 20, data.length - done)))
      guard !piece.isEmpty else {
        throw XarReaderError(part, at: start + done, "its data ends early")
      }
      for digest in digests.values { digest.update(piece) }
      done += Int64(piece.count)
    }
    let values = digests.mapValues { $0.finish().hex }
    for (checksum, what) in [
      (data.archivedChecksum, "archived"), (data.extractedChecksum, "extracted"),
    ]
    where values[checksum.style] != checksum.hex {
      throw XarReaderError(part, at: start, "its \(what) \(checksum.style) checksum does not match")
    }
  }
}
