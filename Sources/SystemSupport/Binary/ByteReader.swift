/// Reads integers and bytes from a buffer, big- or little-endian, checking every bound.
///
/// `read…` advances the cursor; `get…` reads at an offset without moving it.
package struct ByteReader {
  /// The bytes being read.
  package let bytes: ArraySlice<UInt8>
  /// The cursor, as an offset from the start of `bytes`.
  package private(set) var offset = 0
  /// The byte order of integer reads.
  package let bigEndian: Bool

  /// Makes a reader over `bytes`.
  package init(_ bytes: some Collection<UInt8>, bigEndian: Bool = true) {
    self.bytes = ArraySlice(bytes)
    self.bigEndian = bigEndian
  }

  /// Makes a reader over `bytes`, sharing their storage (the generic initializer copies them).
  package init(_ bytes: [UInt8], bigEndian: Bool = true) {
    self.init(sharing: bytes[...], bigEndian: bigEndian)
  }

  /// Makes a reader over `bytes` without copying them.
  ///
  /// Offsets still count from the start of `bytes`, but the slices that ``getBytes(at:count:)``
  /// and ``readBytes(_:)`` return keep the indices of `bytes`' storage: index them from their
  /// `startIndex`, never from 0.
  package init(sharing bytes: ArraySlice<UInt8>, bigEndian: Bool = true) {
    self.bytes = bytes
    self.bigEndian = bigEndian
  }

  /// The bytes left after the cursor.
  package var remaining: Int { bytes.count - offset }

  /// Reads an integer at the cursor and advances past it.
  ///
  /// The unsigned widths are compiled here once and called directly from other modules (see
  /// `ByteWriter.writeInteger(_:)`).
  @_specialize(exported:true,where T == UInt8)
  @_specialize(exported:true,where T == UInt16)
  @_specialize(exported:true,where T == UInt32)
  @_specialize(exported:true,where T == UInt64)
  package mutating func readInteger<T: FixedWidthInteger>(as type: T.Type = T.self)
    throws(ByteReaderError) -> T
  {
    let value: T = try getInteger(at: offset)
    offset += MemoryLayout<T>.size
    return value
  }

  /// Reads an integer at `position` without moving the cursor.
  @_specialize(exported:true,where T == UInt8)
  @_specialize(exported:true,where T == UInt16)
  @_specialize(exported:true,where T == UInt32)
  @_specialize(exported:true,where T == UInt64)
  package func getInteger<T: FixedWidthInteger>(at position: Int, as type: T.Type = T.self)
    throws(ByteReaderError) -> T
  {
    let size = MemoryLayout<T>.size
    guard position >= 0, position <= bytes.count - size else {
      throw ByteReaderError(offset: position, needed: size, available: bytes.count)
    }
    // Accumulate unsigned, then reinterpret: signed types take the same bits.
    var value: UInt64 = 0
    let start = bytes.startIndex + position
    for index in 0..<size {
      let byte = UInt64(bytes[start + index])
      value |= bigEndian ? byte << ((size - 1 - index) * 8) : byte << (index * 8)
    }
    return T(truncatingIfNeeded: value)
  }

  /// Reads an unsigned 64-bit offset or length at the cursor; a value past `Int64.max` (only a
  /// damaged structure has one) is an error, not a trap.
  package mutating func readOffset() throws(ByteReaderError) -> Int64 {
    let value = try getOffset(at: offset)
    offset += 8
    return value
  }

  /// Reads an unsigned 64-bit offset or length at `position` without moving the cursor.
  package func getOffset(at position: Int) throws(ByteReaderError) -> Int64 {
    let value = try getInteger(at: position, as: UInt64.self)
    guard let result = Int64(exactly: value) else {
      throw ByteReaderError(offset: position, needed: 8, available: bytes.count)
    }
    return result
  }

  /// Reads `count` bytes at the cursor and advances past them.
  package mutating func readBytes(_ count: Int) throws(ByteReaderError) -> ArraySlice<UInt8> {
    let slice = try getBytes(at: offset, count: count)
    offset += count
    return slice
  }

  /// Reads `count` bytes at `position` without moving the cursor.
  package func getBytes(at position: Int, count: Int) throws(ByteReaderError) -> ArraySlice<UInt8> {
    guard position >= 0, count >= 0, position <= bytes.count, count <= bytes.count - position else {
      throw ByteReaderError(offset: position, needed: count, available: bytes.count)
    }
    let start = bytes.startIndex + position
    return bytes[start..<(start + count)]
  }

  /// Moves the cursor to `position`.
  package mutating func moveTo(_ position: Int) throws(ByteReaderError) {
    guard position >= 0, position <= bytes.count else {
      throw ByteReaderError(offset: position, needed: 0, available: bytes.count)
    }
    offset = position
  }

  /// Moves the cursor forward by `count` bytes.
  package mutating func skip(_ count: Int) throws(ByteReaderError) {
    try moveTo(offset + count)
  }
}

/// A read past the end of a structure.
package struct ByteReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the read started.
  package let offset: Int
  /// How many bytes it needed.
  package let needed: Int
  /// How many bytes the structure has.
  package let available: Int

  /// "needs 4 bytes at offset 510, but the structure has 512".
  package var description: String {
    "truncated structure: needs \(needed) bytes at offset \(offset), but it has \(available)"
  }
}
