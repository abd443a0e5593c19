/// Reads bytes at any offset: a file, or a partition inside a disk image.
package protocol RandomAccessByteSource {
  /// The bytes in `offset..<offset + count`; fewer only past the end.
  func read(at offset: Int64, count: Int) throws -> [UInt8]
}

/// Bytes in memory, read through ``RandomAccessByteSource``.
package struct MemoryByteSource: RandomAccessByteSource, Sendable {
  /// The bytes.
  package let bytes: [UInt8]

  /// Reads `bytes`.
  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The bytes at `offset`; fewer past the end, none before the start.
  package func read(at offset: Int64, count: Int) -> [UInt8] {
    guard offset >= 0, offset < Int64(bytes.count), count > 0 else { return [] }
    let start = Int(offset)
    return Array(bytes[start..<(start + min(count, bytes.count - start))])
  }
}

/// A file read at any offset through `pread` (``FileDescriptor/read(at:count:)``).
extension FileDescriptor: RandomAccessByteSource {}
