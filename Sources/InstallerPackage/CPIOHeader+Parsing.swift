extension CPIOHeader {
  /// The bytes of a header before its name.
  static let fixedSize = 76

  /// The fields of an odc header, in order after the magic: name, start and width.
  private static let fields: [(name: String, start: Int, width: Int)] = [
    ("device", 6, 6), ("inode", 12, 6), ("mode", 18, 6), ("user ID", 24, 6),
    ("group ID", 30, 6), ("link count", 36, 6), ("device number", 42, 6),
    ("modification time", 48, 11), ("name size", 59, 6), ("file size", 65, 11),
  ]

  /// Parses the part of a header before its name.
  ///
  /// - Parameters:
  ///   - bytes: The header's first ``fixedSize`` bytes.
  ///   - offset: Where they start in the archive, for errors.
  /// - Returns: The header (its name still to come, empty here) and the size of that name with
  ///   its NUL.
  /// - Throws: ``PayloadReaderError`` for a magic other than `070707` or a field that is not
  ///   all octal digits.
  static func parsingFixedPart(_ bytes: ArraySlice<UInt8>, at offset: Int64)
    throws(PayloadReaderError) -> (header: CPIOHeader, nameSize: Int)
  {
    precondition(bytes.count == fixedSize, "an odc header is 76 bytes before its name")
    let start = bytes.startIndex
    guard bytes[start..<start + 6].elementsEqual("070707".utf8) else {
      throw PayloadReaderError(
        .badMagic, at: offset,
        "the header starts \(Self.quoted(bytes[start..<start + 6])), not the odc magic 070707")
    }
    var values: [UInt64] = []
    values.reserveCapacity(fields.count)
    for field in fields {
      let digits = bytes[start + field.start..<start + field.start + field.width]
      var value: UInt64 = 0
      for digit in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else {
          throw PayloadReaderError(
            .badOctalField, at: offset + Int64(field.start),
            "its \(field.name) field \(Self.quoted(digits)) is not octal")
        }
        value = value << 3 | UInt64(digit - UInt8(ascii: "0"))
      }
      values.append(value)
    }
    // Six digits fit a UInt32 and eleven an Int64, so no conversion below can trap.
    let header = CPIOHeader(
      inode: UInt32(values[1]), mode: UInt32(values[2]), userID: UInt32(values[3]),
      groupID: UInt32(values[4]), linkCount: UInt32(values[5]),
      modificationTime: Int64(values[7]), fileSize: Int64(values[9]), name: "")
    return (header, Int(values[8]))
  }

  /// `bytes` as text in quotes, for a message.
  static func quoted(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self).debugDescription
  }
}
