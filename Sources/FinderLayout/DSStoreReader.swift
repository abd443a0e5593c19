import SystemSupport

/// Reads a `.DS_Store` file: every record of its `DSDB` B-tree, in the tree's order.
///
/// The inverse of ``DSStoreWriter``, for any file the Finder or another tool wrote: the buddy
/// allocator's header and root block, the table of contents naming `DSDB`, its superblock, then
/// the B-tree's nodes, leaves and internal ones.
package enum DSStoreReader {
  /// Why a file is not a readable `.DS_Store`.
  package struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    package let reason: String

    /// A sentence naming the problem.
    package var description: String { "not a readable .DS_Store: \(reason)" }
  }

  /// The records of the `.DS_Store` bytes.
  package static func records(in bytes: [UInt8]) throws(Malformed) -> [DSStoreRecord] {
    do {
      let file = ByteReader(bytes)
      guard bytes.count >= 36, try file.getInteger(at: 0, as: UInt32.self) == 1,
        Array(try file.getBytes(at: 4, count: 4)) == Array("Bud1".utf8)
      else { throw Malformed(reason: "no Bud1 header at offset 0") }
      let rootOffset = Int(try file.getInteger(at: 8, as: UInt32.self))
      let blocks = try BlockTable(file: file, rootOffset: rootOffset)
      guard let dsdb = blocks.directory["DSDB"] else {
        throw Malformed(reason: "the table of contents names no DSDB")
      }
      let superblock = try blocks.block(Int(dsdb))
      let rootNode = try superblock.getInteger(at: 0, as: UInt32.self)
      let levels = Int(try superblock.getInteger(at: 4, as: UInt32.self))
      var records: [DSStoreRecord] = []
      var visited = Set<UInt32>()
      try readNode(
        rootNode, depth: 0, maxDepth: levels, blocks: blocks, visited: &visited, into: &records)
      return records
    } catch let error as Malformed {
      throw error
    } catch {
      throw Malformed(reason: "\(error)")
    }
  }

  /// The allocator's block addresses and table of contents.
  struct BlockTable {
    let file: ByteReader
    var addresses: [UInt32] = []
    var directory: [String: UInt32] = [:]

    init(file: ByteReader, rootOffset: Int) throws {
      self.file = file
      var root = file
      try root.moveTo(4 + rootOffset)
      let count = Int(try root.readInteger(as: UInt32.self))
      try root.skip(4)
      guard count <= root.remaining / 4 else {
        throw Malformed(reason: "the root block at \(4 + rootOffset) lists \(count) blocks")
      }
      addresses = try (0..<count).map { _ in try root.readInteger(as: UInt32.self) }
      try root.skip(4 * ((256 - count % 256) % 256))
      let entries = try root.readInteger(as: UInt32.self)
      for _ in 0..<entries {
        let length = Int(try root.readInteger(as: UInt8.self))
        let name = String(decoding: try root.readBytes(length), as: UTF8.self)
        directory[name] = try root.readInteger(as: UInt32.self)
      }
    }

    /// Block `number`'s bytes: its address holds the offset and, in its low 5 bits, log2 size.
    func block(_ number: Int) throws -> ByteReader {
      guard addresses.indices.contains(number) else {
        throw Malformed(reason: "block \(number) is not in the allocator's table")
      }
      let address = addresses[number]
      let size = 1 << Int(address & 0x1F)
      return ByteReader(try file.getBytes(at: 4 + Int(address & ~0x1F), count: size))
    }
  }

  static func readNode(
    _ number: UInt32, depth: Int, maxDepth: Int, blocks: BlockTable, visited: inout Set<UInt32>,
    into records: inout [DSStoreRecord]
  ) throws {
    // A real tree is a few levels deep; the bound keeps a hostile one from exhausting the stack.
    guard depth <= min(maxDepth, 64), visited.insert(number).inserted else {
      throw Malformed(reason: "the B-tree's node \(number) is reached twice or too deep")
    }
    var node = try blocks.block(Int(number))
    let rightmost = try node.readInteger(as: UInt32.self)
    let count = try node.readInteger(as: UInt32.self)
    for _ in 0..<count {
      if rightmost != 0 {
        let child = try node.readInteger(as: UInt32.self)
        try readNode(
          child, depth: depth + 1, maxDepth: maxDepth, blocks: blocks, visited: &visited,
          into: &records)
      }
      records.append(try readRecord(&node, block: number))
    }
    if rightmost != 0 {
      try readNode(
        rightmost, depth: depth + 1, maxDepth: maxDepth, blocks: blocks, visited: &visited,
        into: &records)
    }
  }

  static func readRecord(_ node: inout ByteReader, block: UInt32) throws -> DSStoreRecord {
    let nameLength = Int(try node.readInteger(as: UInt32.self))
    guard nameLength <= node.remaining / 2 else {
      throw Malformed(reason: "a record in node \(block) has a \(nameLength)-unit name")
    }
    let units = try (0..<nameLength).map { _ in try node.readInteger(as: UInt16.self) }
    let code = String(decoding: try node.readBytes(4), as: UTF8.self)
    let type = String(decoding: try node.readBytes(4), as: UTF8.self)
    let value: DSStoreRecord.Value
    switch type {
    case "bool": value = .bool(try node.readInteger(as: UInt8.self) != 0)
    case "long": value = .long(try node.readInteger())
    case "shor":
      try node.skip(2)
      value = .short(try node.readInteger())
    case "blob":
      value = .blob(Array(try node.readBytes(Int(try node.readInteger(as: UInt32.self)))))
    case "ustr":
      let length = Int(try node.readInteger(as: UInt32.self))
      guard length <= node.remaining / 2 else {
        throw Malformed(reason: "the \(code) text in node \(block) is \(length) units long")
      }
      let text = try (0..<length).map { _ in try node.readInteger(as: UInt16.self) }
      value = .text(String(decoding: text, as: UTF16.self))
    case "type": value = .type(String(decoding: try node.readBytes(4), as: UTF8.self))
    case "comp": value = .long64(try node.readInteger())
    case "dutc": value = .date(try node.readInteger())
    default:
      throw Malformed(reason: "the \(code) record in node \(block) has unknown type \(type)")
    }
    return DSStoreRecord(name: String(decoding: units, as: UTF16.self), code: code, value: value)
  }
}
