import CZlib
package import SystemSupport

/// Inflates a deflate stream, bare as a zip entry stores it or in zlib's wrapper as a xar
/// archive does (``DeflateFormat``), reading the compressed bytes a piece at a time into an
/// output of the size recorded, never more.
package enum Inflater {
  /// How many compressed bytes each read asks for.
  static let pieceSize = 1 << 20

  /// The `uncompressedSize` bytes that the `compressedSize` bytes at `offset` inflate to.
  ///
  /// - Throws: ``InflateError`` when the stream is damaged, ends early, inflates to more or
  ///   fewer bytes than `uncompressedSize`, or leaves compressed bytes over; what `source`
  ///   throws.
  package static func inflate(
    from source: any RandomAccessByteSource, at offset: Int64, compressedSize: Int64,
    uncompressedSize: Int64, format: DeflateFormat
  ) throws -> [UInt8] {
    var stream = z_stream()
    guard
      inflateInit2_(
        &stream, format.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw InflateError(at: offset, "zlib could not start inflating") }
    defer { inflateEnd(&stream) }
    // One byte more than recorded, so that a stream that inflates to more is seen.
    var output = [UInt8](repeating: 0, count: Int(uncompressedSize) + 1)
    var read: Int64 = 0
    var status = Z_OK
    try output.withUnsafeMutableBytes { buffer in
      stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.avail_out = uInt(buffer.count)
      while status != Z_STREAM_END {
        guard read < compressedSize else {
          throw InflateError(at: offset, "its deflate stream ends early, after \(read) bytes")
        }
        var piece = try source.read(
          at: offset + read, count: Int(min(Int64(pieceSize), compressedSize - read)))
        guard !piece.isEmpty else {
          throw InflateError(at: offset + read, "its data ends early")
        }
        read += Int64(piece.count)
        try piece.withUnsafeMutableBytes { input in
          stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
          stream.avail_in = uInt(input.count)
          while stream.avail_in > 0, status != Z_STREAM_END {
            status = CZlib.inflate(&stream, Z_NO_FLUSH)
            guard status == Z_OK || status == Z_STREAM_END else {
              throw InflateError(
                at: offset + read - Int64(stream.avail_in),
                "its deflate stream is damaged (zlib status \(status))")
            }
            guard stream.avail_out > 0 else {
              throw InflateError(
                at: offset,
                "inflates to more than the \(uncompressedSize) bytes recorded")
            }
          }
        }
        guard status != Z_STREAM_END || (stream.avail_in == 0 && read == compressedSize) else {
          throw InflateError(
            at: offset, "its deflate stream ends before its \(compressedSize) bytes")
        }
      }
    }
    guard Int64(stream.total_out) == uncompressedSize else {
      throw InflateError(
        at: offset,
        "inflates to \(stream.total_out) bytes, not the \(uncompressedSize) recorded")
    }
    output.removeLast()
    return output
  }
}
