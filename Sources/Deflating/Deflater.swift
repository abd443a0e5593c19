import CZlib

/// A deflate stream (RFC 1951) through zlib, bare or in zlib's or gzip's wrapper
/// (``DeflateFormat``).
///
/// A raw stream is what a zip entry of method 8 holds, a gzip one an installer payload. Input
/// goes in by pieces and output comes out by pieces, so memory stays bounded by the buffers
/// whatever the file's size.
///
/// ```swift
/// let deflater = try Deflater(level: 6, format: .raw)
/// try deflater.deflate(chunk, finishing: false) { output in sink(output) }
/// try deflater.deflate(UnsafeRawBufferPointer(start: nil, count: 0), finishing: true) { sink($0) }
/// ```
package final class Deflater {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)

  /// Starts a stream at `level` (1–9) in `format`: `deflateInit2` with its window bits.
  ///
  /// - Throws: ``DeflateError`` when zlib cannot start one.
  package init(level: Int32, format: DeflateFormat) throws(DeflateError) {
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw DeflateError("deflateInit2 returned \(status)") }
  }

  deinit { deflateEnd(&stream) }

  /// Compresses `input`, handing each piece of output to `emit`; `finishing` ends the stream.
  ///
  /// - Throws: ``DeflateError``, or what `emit` throws.
  package func deflate(
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
        throw DeflateError("deflate returned \(status)")
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
