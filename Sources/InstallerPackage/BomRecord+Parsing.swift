extension BomRecord {
  /// The bytes of a record up to its link target's length, which every record has.
  static let fixedSize = 31

  /// The record in `block` (its path still to be joined, empty here), as `mkbom` lays it out:
  /// type (u8), 1, architecture (u16), mode (u16), user, group, modification time, size (u32
  /// each), 1, checksum (u32; a device's number), then a link's target length (u32) and target
  /// with its NUL, or, in Apple's records of universal Mach-O files, 1, a count (u32) and that
  /// many {CPU type, subtype, size, checksum}.
  ///
  /// - Throws: ``BomReaderError`` for a block too short, an unknown type, or a link target or
  ///   architectures that overrun the block.
  static func parsing(_ block: BomBlock, pathID: UInt32, parentID: UInt32)
    throws(BomReaderError) -> BomRecord
  {
    guard block.count >= fixedSize else {
      throw block.tooShort(needing: fixedSize, for: "a path record")
    }
    let type = try block.integer(at: 0, as: UInt8.self, "the record")
    let checksum = try block.integer(at: 23, as: UInt32.self, "the record")
    var record = BomRecord(
      path: "", kind: .file, mode: try block.integer(at: 4, "the record"),
      userID: try block.integer(at: 6, "the record"),
      groupID: try block.integer(at: 10, "the record"),
      modificationTime: Int64(try block.integer(at: 14, as: UInt32.self, "the record")),
      size: Int64(try block.integer(at: 18, as: UInt32.self, "the record")),
      checksum: checksum, architecture: try block.integer(at: 2, "the record"), slices: [],
      pathID: pathID, parentID: parentID, recordBlock: block.index)
    switch type {
    case 1:
      if block.count > fixedSize + 4, try block.integer(at: 27, as: UInt8.self, "the record") == 1 {
        record.slices = try slices(in: block)
      }
    case 2: record.kind = .folder
    case 3: record.kind = .symbolicLink(target: try linkTarget(in: block))
    case 4:
      record.kind = .device(number: checksum)
      record.checksum = 0
    default:
      throw BomReaderError(
        .malformedRecord, block: block.index, at: block.offset,
        "the path record's type \(type) is none of 1 (file) to 4 (device)")
    }
    return record
  }

  /// A link record's target: its length (with the NUL) at 27, its bytes from 31.
  private static func linkTarget(in block: BomBlock) throws(BomReaderError) -> String {
    let length = Int(try block.integer(at: 27, as: UInt32.self, "the link record"))
    guard length >= 1, length <= block.count - fixedSize,
      block.bytes[block.bytes.startIndex + fixedSize + length - 1] == 0
    else {
      throw BomReaderError(
        .malformedRecord, block: block.index, at: block.offset + 27,
        "the link's target of \(length) bytes is empty, runs past the record's \(block.count) "
          + "bytes or does not end in a NUL")
    }
    let start = block.bytes.startIndex + fixedSize
    return String(decoding: block.bytes[start..<start + length - 1], as: UTF8.self)
  }

  /// A universal Mach-O file's architectures: their count at 28, then 16 bytes each.
  private static func slices(in block: BomBlock) throws(BomReaderError) -> [Slice] {
    let count = Int(try block.integer(at: 28, as: UInt32.self, "the record"))
    guard count <= (block.count - 32) / 16 else {
      throw BomReaderError(
        .malformedRecord, block: block.index, at: block.offset + 28,
        "\(count) architectures overrun the record's \(block.count) bytes")
    }
    var slices: [Slice] = []
    for number in 0..<count {
      let start = 32 + 16 * number
      slices.append(
        Slice(
          cpuType: try block.integer(at: start, "the architecture"),
          cpuSubtype: try block.integer(at: start + 4, "the architecture"),
          size: try block.integer(at: start + 8, "the architecture"),
          checksum: try block.integer(at: start + 12, "the architecture")))
    }
    return slices
  }
}
