public import Foundation
package import SystemSupport

extension MultipartFormData {
  /// The chunk size the encoding methods use by default: 256 KiB.
  public static let defaultChunkSize = 256 << 10

  /// Whether every part's bytes are in memory (no file or stream parts).
  public var isInMemory: Bool {
    parts.allSatisfy { part in
      if case .data = part.body { return true }
      return false
    }
  }

  /// Encodes the whole body into memory.
  ///
  /// This is the convenience of the classic blog post, for forms whose parts are all in memory
  /// (``isInMemory``). For forms with file or stream parts, use ``encodedData()``, which reports
  /// read errors, or stream the body with ``write(to:)`` or ``encode(chunkSize:into:)``.
  ///
  /// - Precondition: Every part is in memory, and a fixed boundary does not occur in any part.
  /// - Returns: The encoded body, ``contentLength`` bytes long.
  public func makeBody() -> Data {
    precondition(
      isInMemory,
      "makeBody() encodes in-memory forms only; use encodedData() for file and stream parts")
    do {
      return try encodedData()
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Encodes the whole body into memory, reading file and stream parts.
  ///
  /// - Returns: The encoded body, ``contentLength`` bytes long.
  /// - Throws: ``MultipartEncodingError`` when a part cannot be read or has changed length.
  public func encodedData() throws(MultipartEncodingError) -> Data {
    let reader = try MultipartBodyReader(self)
    defer { reader.close() }
    guard let count = Int(exactly: reader.contentLength) else {
      throw MultipartEncodingError(
        .writeFailed, "the body (\(reader.contentLength) bytes) is too large for memory")
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
    var filled = 0
    while filled < count {
      let read: Int
      do {
        read = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      } catch {
        buffer.deallocate()
        throw error
      }
      precondition(read > 0, "the reader ended before its content length")
      filled += read
    }
    guard let base = buffer.baseAddress else { return Data() }
    return Data(
      bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
  }

  /// Encodes the body chunk by chunk, handing each chunk to `body`.
  ///
  /// Memory stays bounded by `chunkSize` whatever the size of the parts; each chunk is valid only
  /// during the call to `body`.
  ///
  /// - Parameters:
  ///   - chunkSize: The size of the chunks (the last one may be shorter).
  ///   - body: Receives each chunk in order.
  /// - Throws: ``MultipartEncodingError`` from reading the parts, or what `body` throws.
  public func encode(
    chunkSize: Int = defaultChunkSize,
    into body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    precondition(chunkSize > 0, "chunkSize must be positive")
    let reader = try MultipartBodyReader(self)
    defer { reader.close() }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let count = try reader.read(into: buffer)
      if count == 0 { return }
      try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes the encoded body to a file, streaming every part.
  ///
  /// The bytes go to a temporary file in the same folder, which is renamed over `url` once the
  /// body is complete: a failure leaves no partial file behind and `url` untouched. A `url` that
  /// names a device or pipe (such as `/dev/null`) is written directly.
  ///
  /// - Parameter url: The file URL to write.
  /// - Throws: ``MultipartEncodingError`` with code `writeFailed`, `readFailed` or
  ///   `lengthMismatch`.
  public func write(to url: URL) throws(MultipartEncodingError) {
    do {
      try AtomicOutputFile.write(to: url.path) { descriptor in
        try encode(into: descriptor)
      }
    } catch let error as MultipartEncodingError {
      throw error
    } catch {
      throw MultipartEncodingError(.writeFailed, "\(error)")
    }
  }

  /// Writes the encoded body to an open file descriptor.
  package func encode(into descriptor: FileDescriptor, chunkSize: Int = defaultChunkSize) throws {
    try encode(chunkSize: chunkSize) { chunk in try descriptor.writeAll(chunk) }
  }
}
