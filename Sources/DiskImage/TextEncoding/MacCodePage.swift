/// A single-byte Mac OS text encoding: ASCII below 0x80, and a table of the Unicode scalars of
/// bytes 0x80 to 0xFF.
///
/// Used for Mac OS Roman, Croatian, Romanian, Arabic, Hebrew and Thai: Foundation on Linux has
/// no converter for the last five, and its Mac OS Roman maps some characters to the wrong bytes.
/// The tables are Apple's mappings (`ROMAN.TXT`, `CROATIAN.TXT`, `ROMANIAN.TXT`, `ARABIC.TXT`,
/// `HEBREW.TXT`, `THAI.TXT` in Unicode's `VENDORS/APPLE` folder), and the tests check them
/// against Python's codecs and Perl's `Encode` of the same names.
///
/// A few bytes of Hebrew and Thai stand for a sequence of scalars (a ligature, or a mark with
/// Apple's private-use variant selector), and a few Thai bytes for nothing at all.
struct MacCodePage: Sendable {
  /// The scalar of bytes 0x80 to 0xFF, or `noScalar` for a byte in `sequences` or unassigned.
  let upperHalf: [UInt16]
  /// The bytes that stand for more than one scalar, longest sequence first.
  let sequences: [(byte: UInt8, scalars: [UInt16])]
  /// Whether ASCII punctuation in right-to-left text is written as its right-to-left twin in the
  /// upper half (Mac OS Hebrew), rather than always as ASCII.
  let hasRightToLeftTwins: Bool

  /// Marks a byte without a single scalar (U+FFFF is a noncharacter, never mapped).
  static let noScalar: UInt16 = 0xFFFF

  init(
    upperHalf: [UInt16], sequences: [UInt8: [UInt16]] = [:], hasRightToLeftTwins: Bool = false
  ) {
    self.upperHalf = upperHalf
    self.hasRightToLeftTwins = hasRightToLeftTwins
    self.sequences = sequences.map { (byte: $0.key, scalars: $0.value) }
      .sorted { ($0.scalars.count, $1.byte) > ($1.scalars.count, $0.byte) }
  }

  /// Mac OS Roman (0xF0 is the Apple logo, U+F8FF, private use).
  static let roman = MacCodePage(upperHalf: romanUpperHalf)

  /// The text's bytes, or the first character the table cannot write.
  ///
  /// Scalars are written one at a time, a byte's sequence taken where the text holds it. Where
  /// ASCII punctuation has a right-to-left twin, Mac OS Hebrew's is written where the
  /// punctuation resolves right to left (``ResolvedDirection``), as Apple's mapping says;
  /// elsewhere, and always in Mac OS Arabic, ASCII is written.
  func encode(_ text: String) -> Result<[UInt8], MacTextEncoding.Unencodable> {
    let characters = Array(text)
    // Each scalar with the offset of its character, for the error.
    let scalars = characters.enumerated().flatMap { offset, character in
      character.unicodeScalars.map { (value: $0.value, character: offset) }
    }
    let rightToLeft =
      hasRightToLeftTwins
      ? ResolvedDirection.rightToLeft(Array(text.unicodeScalars))
      : [Bool](repeating: false, count: scalars.count)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      let value = scalars[index].value
      if let sequence = sequences.first(where: { sequence in
        index + sequence.scalars.count <= scalars.count
          && sequence.scalars.indices.allSatisfy {
            scalars[index + $0].value == UInt32(sequence.scalars[$0])
          }
      }) {
        bytes.append(sequence.byte)
        index += sequence.scalars.count
        continue
      }
      if value < 0x80, rightToLeft[index], let twin = upperHalf.firstIndex(of: UInt16(value)) {
        bytes.append(UInt8(0x80 + twin))
      } else if value < 0x80 {
        bytes.append(UInt8(value))
      } else if value < UInt32(Self.noScalar),
        let position = upperHalf.firstIndex(of: UInt16(value))
      {
        bytes.append(UInt8(0x80 + position))
      } else {
        let offset = scalars[index].character
        return .failure(.init(character: characters[offset], offset: offset))
      }
      index += 1
    }
    return .success(bytes)
  }

  /// The text of the bytes, or `nil` when one of them is unassigned.
  func decode(_ bytes: [UInt8]) -> String? {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      if byte < 0x80 {
        scalars.append(Unicode.Scalar(byte))
      } else if upperHalf[Int(byte) - 0x80] != Self.noScalar {
        scalars.append(Unicode.Scalar(upperHalf[Int(byte) - 0x80]) ?? "\u{FFFD}")
      } else if let sequence = sequences.first(where: { $0.byte == byte }) {
        scalars.append(contentsOf: sequence.scalars.compactMap(Unicode.Scalar.init))
      } else {
        return nil
      }
    }
    return String(scalars)
  }
}

extension MacCodePage {
  static let romanUpperHalf: [UInt16] = [
    0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1,  // 0x80
    0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,  // 0x88
    0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3,  // 0x90
    0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,  // 0x98
    0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF,  // 0xA0
    0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,  // 0xA8
    0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,  // 0xB0
    0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,  // 0xB8
    0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB,  // 0xC0
    0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,  // 0xC8
    0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA,  // 0xD0
    0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,  // 0xD8
    0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1,  // 0xE0
    0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,  // 0xE8
    0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC,  // 0xF0
    0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,  // 0xF8
  ]
}
