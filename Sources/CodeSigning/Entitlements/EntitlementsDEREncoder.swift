/// Encodes entitlements as the DER blob of special slot 7, as Apple's `codesign` does.
///
/// Outer `[APPLICATION 16]` (0x70) holding `INTEGER 1` and the value; a dictionary is
/// `[CONTEXT 16]` (0xB0) of `SEQUENCE { UTF8String key, value }` sorted by key bytes; an array
/// a `SEQUENCE`; booleans 0x01 (`true` = 0xFF), integers 0x02 (minimal two's complement),
/// strings 0x0C.
enum EntitlementsDEREncoder {
  /// The DER bytes of a top-level dictionary.
  static func encode(_ dictionary: [String: PropertyListValue]) -> [UInt8] {
    DEREncoding.element(0x70, integer(1) + value(.dictionary(dictionary)))
  }

  static func value(_ value: PropertyListValue) -> [UInt8] {
    switch value {
    case .boolean(let flag): DEREncoding.element(0x01, [flag ? 0xFF : 0x00])
    case .integer(let number): integer(number)
    case .string(let text): DEREncoding.element(0x0C, Array(text.utf8))
    case .array(let elements): DEREncoding.element(0x30, elements.flatMap { Self.value($0) })
    case .dictionary(let entries):
      DEREncoding.element(
        0xB0,
        entries.map { (key: Array($0.key.utf8), value: $0.value) }
          .sorted { $0.key.lexicographicallyPrecedes($1.key) }
          .flatMap {
            DEREncoding.element(0x30, DEREncoding.element(0x0C, $0.key) + Self.value($0.value))
          })
    }
  }

  /// `INTEGER`: the fewest big-endian two's-complement bytes that keep the sign.
  static func integer(_ number: Int64) -> [UInt8] {
    var bytes = withUnsafeBytes(of: number.bigEndian) { Array($0) }
    while bytes.count > 1,
      bytes[0] == 0x00 && bytes[1] < 0x80 || bytes[0] == 0xFF && bytes[1] >= 0x80
    {
      bytes.removeFirst()
    }
    return DEREncoding.element(0x02, bytes)
  }
}
