/// The storage of a Bom being read: the `BOMStore` header, the block table and the named
/// variables, each checked against the file before use.
///
/// The header is `BOMStore`, then six big-endian words: version (1), number of blocks, the
/// block table's offset and length, the variables' offset and length. The table is a count and
/// that many {offset, length} pairs (block 0 is null), then a free list Apple fills and this
/// reader ignores, as it ignores the bytes between blocks. The variables are a count and that
/// many {block, name length, name}.
struct BomStore {
  /// The bytes before the first block may lie.
  static let headerSize = 32

  /// The file.
  let bytes: [UInt8]
  /// The entries of the block table.
  let blockCount: UInt32
  /// Where the block table's first entry lies.
  private let tableStart: Int
  /// The blocks of the named variables.
  private(set) var variables: [String: UInt32] = [:]

  /// Reads the header, the block table's bounds and the variables of `bytes`.
  ///
  /// - Throws: ``BomReaderError`` for a file that is not a Bom or whose tables lie outside it.
  init(_ bytes: [UInt8]) throws(BomReaderError) {
    self.bytes = bytes
    let header = BomBlock(index: 0, offset: 0, bytes: bytes[...])
    guard bytes.count >= Self.headerSize, bytes.starts(with: "BOMStore".utf8),
      try header.integer(at: 8, as: UInt32.self, "the header") == 1
    else {
      throw BomReaderError(.notABom, at: 0, "the file does not start with a BOMStore header")
    }
    let table = try Self.region(header, at: 16, "the block table")
    let variables = try Self.region(header, at: 24, "the variables")
    blockCount = try table.integer(at: 0, as: UInt32.self, "the block table's count")
    guard Int64(blockCount) * 8 <= Int64(table.count - 4) else {
      throw BomReaderError(
        .tableOutsideFile, at: table.offset,
        "the block table counts \(blockCount) blocks in \(table.count) bytes")
    }
    tableStart = Int(table.offset) + 4
    try readVariables(variables)
  }

  /// The block numbered `index`, which `what` refers to, of at least `minimumLength` bytes.
  ///
  /// - Throws: ``BomReaderError`` for the null block, a number past the table, a block outside
  ///   the file or shorter than `minimumLength`.
  func block(_ index: UInt32, _ what: @autoclosure () -> String, minimumLength: Int = 0)
    throws(BomReaderError) -> BomBlock
  {
    guard index > 0, index < blockCount else {
      throw BomReaderError(
        .blockOutOfRange, block: index, at: Int64(tableStart),
        "\(what()) names block \(index); the table has 1 to \(Int64(blockCount) - 1)")
    }
    let entry = tableStart + 8 * Int(index)
    let table = BomBlock(index: 0, offset: 0, bytes: bytes[...])
    let start = Int64(try table.integer(at: entry, as: UInt32.self, "the block table"))
    let length = Int64(try table.integer(at: entry + 4, as: UInt32.self, "the block table"))
    guard start >= Int64(Self.headerSize), start + length <= Int64(bytes.count) else {
      throw BomReaderError(
        .blockOutsideFile, block: index, at: Int64(entry),
        "\(what()): block \(index) at \(start) of \(length) bytes lies outside the file's "
          + "\(bytes.count) bytes (or over its header)")
    }
    let block = BomBlock(
      index: index, offset: start, bytes: bytes[Int(start)..<Int(start + length)])
    guard block.count >= minimumLength else {
      throw block.tooShort(needing: minimumLength, for: what())
    }
    return block
  }

  /// The block of the variable `name`.
  ///
  /// - Throws: ``BomReaderError/Code/missingVariable`` when the Bom has none.
  func variable(_ name: String) throws(BomReaderError) -> UInt32 {
    guard let block = variables[name] else {
      throw BomReaderError(.missingVariable, at: 24, "the Bom has no \(name) variable")
    }
    return block
  }

  /// The region of the file whose offset and length the header holds at `field`.
  private static func region(_ header: BomBlock, at field: Int, _ what: String)
    throws(BomReaderError) -> BomBlock
  {
    let start = Int64(try header.integer(at: field, as: UInt32.self, "the header"))
    let length = Int64(try header.integer(at: field + 4, as: UInt32.self, "the header"))
    guard start >= Int64(headerSize), length >= 4, start + length <= Int64(header.count) else {
      throw BomReaderError(
        .tableOutsideFile, at: Int64(field),
        "\(what) at \(start) of \(length) bytes lies outside the file's \(header.count) bytes")
    }
    return BomBlock(
      index: 0, offset: start, bytes: header.bytes[Int(start)..<Int(start + length)])
  }

  /// Reads the variables' table.
  private mutating func readVariables(_ table: BomBlock) throws(BomReaderError) {
    let count = try table.integer(at: 0, as: UInt32.self, "the variables' count")
    var position = 4
    for _ in 0..<count {
      let block = try table.integer(at: position, as: UInt32.self, "a variable")
      let length = Int(try table.integer(at: position + 4, as: UInt8.self, "a variable"))
      let start = table.bytes.startIndex + position + 5
      guard length > 0, length <= table.count - position - 5 else {
        throw BomReaderError(
          .malformedVariables, at: table.offset + Int64(position),
          "a variable's name of \(length) bytes is empty or runs past the table")
      }
      let name = String(decoding: table.bytes[start..<start + length], as: UTF8.self)
      guard variables.updateValue(block, forKey: name) == nil else {
        throw BomReaderError(
          .malformedVariables, at: table.offset + Int64(position),
          "the variable \(name) comes twice")
      }
      position += 5 + length
    }
  }
}
