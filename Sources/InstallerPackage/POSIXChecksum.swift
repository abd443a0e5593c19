/// The checksum of POSIX `cksum`, which an installer package's Bom records for every file.
///
/// A CRC of polynomial 0x04C11DB7, not reflected, over the bytes and then the length
/// (least significant byte first, as few bytes as it needs), inverted: not zlib's CRC-32, which
/// reflects. An empty file's is 0xFFFFFFFF.
///
/// ```swift
/// var checksum = POSIXChecksum()
/// checksum.update(bytes)
/// let value = checksum.value  // as `cksum` prints it
/// ```
package struct POSIXChecksum: Sendable, Equatable {
  /// The CRC so far, before the length is added.
  private var crc: UInt32 = 0
  /// The bytes added so far.
  package private(set) var count: UInt64 = 0

  /// A checksum of no bytes yet.
  package init() {}

  /// Adds `bytes`.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    var crc = self.crc
    var added: UInt64 = 0
    for byte in bytes {
      crc = (crc << 8) ^ Self.table[Int((crc >> 24) ^ UInt32(byte))]
      added += 1
    }
    self.crc = crc
    count += added
  }

  /// Adds the bytes `buffer` holds.
  package mutating func update(_ buffer: UnsafeRawBufferPointer) {
    var crc = self.crc
    for byte in buffer { crc = (crc << 8) ^ Self.table[Int((crc >> 24) ^ UInt32(byte))] }
    self.crc = crc
    count += UInt64(buffer.count)
  }

  /// The checksum of the bytes added, as `cksum` prints it.
  package var value: UInt32 {
    var crc = self.crc
    var length = count
    while length > 0 {
      crc = (crc << 8) ^ Self.table[Int((crc >> 24) ^ UInt32(length & 0xFF))]
      length >>= 8
    }
    return ~crc
  }

  /// The checksum of `bytes`.
  package static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var checksum = POSIXChecksum()
    checksum.update(bytes)
    return checksum.value
  }

  /// The CRC of each byte, most significant bit first.
  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index) << 24
    for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
    return crc
  }
}
