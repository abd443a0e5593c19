import Multipart

/// A byte source over an array, for stream parts.
struct BytesSource: MultipartByteSource {
  private var bytes: ArraySlice<UInt8>

  init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, bytes.count)
    buffer.copyBytes(from: bytes.prefix(count))
    bytes = bytes.dropFirst(count)
    return count
  }
}
