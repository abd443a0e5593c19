import Foundation

/// Damage done to a well-formed zip's bytes, at the fields the reader must check.
struct HostileZip {
  /// The archive's bytes.
  var bytes: [UInt8]

  /// The offset of the last occurrence of `signature` in `bytes`.
  static func lastOffset(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
    stride(from: bytes.count - signature.count, through: 0, by: -1).first {
      Array(bytes[$0..<($0 + signature.count)]) == signature
    }
  }

  /// The offset of the first occurrence of `signature` in `bytes`.
  static func firstOffset(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
    (0...(bytes.count - signature.count)).first {
      Array(bytes[$0..<($0 + signature.count)]) == signature
    }
  }

  /// The end of central directory record.
  var endRecord: Int { Self.lastOffset(of: [0x50, 0x4B, 0x05, 0x06], in: bytes) ?? 0 }

  /// The central directory header of the entry named `name`.
  func centralHeader(of name: String) -> Int {
    var position = Self.firstOffset(of: [0x50, 0x4B, 0x01, 0x02], in: bytes) ?? 0
    while position + 46 < bytes.count {
      let nameLength = Int(get16(position + 28))
      let extra = Int(get16(position + 30))
      let comment = Int(get16(position + 32))
      if String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
        == name
      {
        return position
      }
      position += 46 + nameLength + extra + comment
    }
    return 0
  }

  /// The little-endian 16-bit value at `offset`.
  func get16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

  /// The little-endian 32-bit value at `offset`.
  func get32(_ offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }

  /// Sets the little-endian value at `offset`, of `width` bytes.
  mutating func set(_ value: UInt64, at offset: Int, width: Int) {
    for index in 0..<width {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
    }
  }
}
