/// The Fletcher-64 checksum every APFS object carries in its first eight bytes.
///
/// Apple File System Reference, "Checksums": the object's bytes after the checksum field, read
/// as little-endian 32-bit words, summed modulo `0xFFFFFFFF` twice; the two check values are
/// chosen so that summing the whole object, checksum included, gives zero.
package enum Fletcher64 {
  /// The checksum of `bytes` (an object without its first eight bytes).
  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    precondition(bytes.count % 4 == 0, "APFS objects are a whole number of 32-bit words")
    let modulus: UInt64 = 0xFFFF_FFFF
    var sum1: UInt64 = 0
    var sum2: UInt64 = 0
    var offset = 0
    while offset < bytes.count {
      // Sums stay far below 2^64 over a block of words, so reduce once per 1024 words.
      let end = min(bytes.count, offset + 4096)
      while offset < end {
        sum1 += UInt64(
          UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        sum2 += sum1
        offset += 4
      }
      sum1 %= modulus
      sum2 %= modulus
    }
    let check1 = modulus - (sum1 + sum2) % modulus
    let check2 = modulus - (sum1 + check1) % modulus
    return check2 << 32 | check1
  }

  /// Writes the checksum of `object[8...]` into `object[0..<8]`.
  package static func seal(_ object: inout [UInt8]) {
    let value = object.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[8...])) }
    withUnsafeBytes(of: value.littleEndian) { object.replaceSubrange(0..<8, with: $0) }
  }

  /// Whether `object`'s stored checksum matches its content.
  package static func isValid(_ object: some Collection<UInt8>) -> Bool {
    let bytes = Array(object)
    guard bytes.count >= 16 else { return false }
    let stored = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    return stored == bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[8...])) }
  }
}

/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`), without the usual final inversion,
/// as APFS hashes directory-record names.
package enum CRC32C {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
    return value
  }

  /// Continues the CRC `crc` over `bytes`.
  package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc = crc
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc
  }
}
