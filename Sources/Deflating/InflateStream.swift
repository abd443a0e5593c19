import CZlib

/// Inflates one deflate stream (``DeflateFormat``) fed in pieces of any size, handing the
/// output on in pieces: memory stays bounded by its 64 KiB buffer whatever the stream inflates
/// to, as a multi-GiB installer payload needs.
///
/// The stream ends where its format says (a gzip member's trailer, a zlib stream's checksum);
/// ``inflate(_:emit:)`` consumes no byte past that end, so the caller sees what follows it
/// (a second gzip member, or junk).
///
/// ```swift
/// let stream = try InflateStream(format: .gzip)
/// let used = try stream.inflate(piece) { output in parser.feed(output) }
/// guard stream.isFinished else { … }  // after the last piece: the stream ended early
/// ```
package final class InflateStream {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  /// Whether the stream's end has been reached.
  package private(set) var isFinished = false
  /// The compressed bytes consumed so far.
  package private(set) var consumed: Int64 = 0

  /// Starts inflating a stream in `format`: `inflateInit2` with its window bits.
  ///
  /// - Throws: ``InflateError`` when zlib cannot start one.
  package init(format: DeflateFormat) throws(InflateError) {
    let status = inflateInit2_(
      &stream, format.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw InflateError(at: 0, "zlib could not start inflating") }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates `input`, handing each piece of output to `emit`, until `input` is used up or
  /// the stream ends.
  ///
  /// - Returns: How many bytes of `input` were consumed: all of them, unless the stream ended
  ///   before the last (the rest follows the stream).
  /// - Throws: ``InflateError`` at the compressed offset zlib stopped at when the stream is
  ///   damaged; what `emit` throws.
  @discardableResult
  package func inflate(
    _ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Int {
    guard !isFinished, let base = input.baseAddress, !input.isEmpty else { return 0 }
    stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(input.count)
    defer {
      consumed += Int64(input.count - Int(stream.avail_in))
      stream.next_in = nil
    }
    while true {
      let availableBefore = stream.avail_in
      let (status, produced) = output.withUnsafeMutableBytes { buffer in
        stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(buffer.count)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        return (status, buffer.count - Int(stream.avail_out))
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        let offset = consumed + Int64(input.count - Int(stream.avail_in))
        throw InflateError(at: offset, "the deflate stream is damaged (zlib status \(status))")
      }
      if produced > 0 {
        try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
      }
      if status == Z_STREAM_END {
        isFinished = true
        break
      }
      // Out of input with the output drained, or no progress at all: more input is needed.
      if produced < output.count && stream.avail_in == 0 { break }
      if produced == 0 && stream.avail_in == availableBefore { break }
    }
    return input.count - Int(stream.avail_in)
  }
}
