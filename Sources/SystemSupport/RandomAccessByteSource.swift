/// Reads bytes at any offset: a file, or a partition inside a disk image.
package protocol RandomAccessByteSource {
  /// The bytes in `offset..<offset + count`; fewer only past the end.
  func read(at offset: Int64, count: Int) throws -> [UInt8]
}
