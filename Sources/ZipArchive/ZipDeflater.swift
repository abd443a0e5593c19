import CZlib

/// A raw deflate stream (RFC 1951, no zlib header or checksum) through zlib.
///
/// It is what a zip entry of method 8 holds. Input goes in by pieces and output comes out by
/// pieces, so memory stays bounded by the buffers whatever the file's size.
///
/// ```swift
/// var deflater = try ZipDeflater(level: 6)
/// try deflater.deflate(chunk, finishing: false) { output in sink(output) }
/// try deflater.deflate(UnsafeRawBufferPointer(start: nil, count: 0), finishing: true) { sink($0) }
/// ```
final class ZipDeflater {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)

  /// Starts a stream at `level` (1–9): `deflateInit2` with -15 window bits (raw deflate).
  ///
  /// - Throws: ``ZipWriterError/compressionFailed(_:)`` when zlib cannot start one.
  init(level: Int32) throws(ZipWriterError) {
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .compressionFailed("deflateInit2 returned \(status)") }
  }

  deinit { deflateEnd(&stream) }

  /// Compresses `input`, handing each piece of output to `emit`; `finishing` ends the stream.
  ///
  /// - Throws: ``ZipWriterError/compressionFailed(_:)``, or what `emit` throws.
  func deflate(
    _ input: UnsafeRawBufferPointer, finishing: Bool,
    emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    stream.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(input.count)
    let flush = finishing ? Z_FINISH : Z_NO_FLUSH
    while true {
      let (status, produced) = output.withUnsafeMutableBytes { buffer in
        stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(buffer.count)
        let status = CZlib.deflate(&stream, flush)
        return (status, buffer.count - Int(stream.avail_out))
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw ZipWriterError.compressionFailed("deflate returned \(status)")
      }
      if produced > 0 {
        try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
      }
      if finishing ? status == Z_STREAM_END : (stream.avail_in == 0 && produced < output.count) {
        return
      }
    }
  }
}
