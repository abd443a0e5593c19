import SystemSupport
import Testing

@testable import HFSPlus

/// Reads back what ``BTreeBuilder`` writes, node by node.
struct BTreeWalker {
  let bytes: [UInt8]
  let nodeSize: Int

  func node(_ number: Int) throws -> ByteReader {
    ByteReader(bytes[(number * nodeSize)..<((number + 1) * nodeSize)])
  }

  func records(_ number: Int) throws -> [[UInt8]] {
    let node = try node(number)
    let count = Int(try node.getInteger(at: 10, as: UInt16.self))
    return try (0..<count).map { index in
      let start = Int(try node.getInteger(at: nodeSize - 2 * (index + 1), as: UInt16.self))
      let end = Int(try node.getInteger(at: nodeSize - 2 * (index + 2), as: UInt16.self))
      return Array(try node.getBytes(at: start, count: end - start))
    }
  }

  /// The leaf records reached from the root through the index nodes, in order.
  func leafRecordsFromRoot() throws -> [[UInt8]] {
    let header = try node(0)
    let root = Int(try header.getInteger(at: 14 + 2, as: UInt32.self))
    return try descend(root)
  }

  private func descend(_ number: Int) throws -> [[UInt8]] {
    let kind = try node(number).getInteger(at: 8, as: Int8.self)
    let records = try records(number)
    guard kind == 0 else { return records }
    return try records.flatMap { record -> [[UInt8]] in
      let child = Int(try ByteReader(record).getInteger(at: record.count - 4, as: UInt32.self))
      let childRecords = try descend(child)
      // An index record's key is the first key of its child.
      #expect(Array(record.dropLast(4)) == Array(childRecords[0].prefix(record.count - 4)))
      return childRecords
    }
  }
}

@Suite struct BTreeBuilderTests {
  /// Records with keys of `keyBytes` bytes (length field included) in ascending order.
  static func records(count: Int, keyBytes: Int, dataBytes: Int) -> [BTreeRecord] {
    (0..<count).map { index in
      var key = ByteWriter()
      key.writeInteger(UInt16(keyBytes - 2))
      key.writeInteger(UInt32(index))
      key.writeZeros(keyBytes - 6)
      return BTreeRecord(
        key: key.bytes, data: [UInt8](repeating: UInt8(index % 251), count: dataBytes))
    }
  }

  @Test func anEmptyTreeIsItsHeaderNode() throws {
    let tree = BTreeBuilder.build([], format: .extents)
    #expect(tree.count == 4096)
    let header = try BTreeWalker(bytes: tree, nodeSize: 4096).node(0)
    #expect(try header.getInteger(at: 8, as: Int8.self) == 1)  // header node
    #expect(try header.getInteger(at: 14, as: UInt16.self) == 0)  // depth
    #expect(try header.getInteger(at: 14 + 22, as: UInt32.self) == 1)  // total nodes
    #expect(try header.getInteger(at: 14 + 32, as: UInt32.self) == 4096)  // clump size
    #expect(try header.getInteger(at: 14 + 38, as: UInt32.self) == 2)  // attributes: big keys
    #expect(try header.getInteger(at: 248, as: UInt8.self) == 0x80)  // map: node 0 used
  }

  @Test func oneLeafHoldsWhatFits() throws {
    let tree = BTreeBuilder.build(
      Self.records(count: 5, keyBytes: 20, dataBytes: 100), format: .catalog)
    let walker = BTreeWalker(bytes: tree, nodeSize: 4096)
    #expect(tree.count == 2 * 4096)
    let header = try walker.node(0)
    #expect(try header.getInteger(at: 14, as: UInt16.self) == 1)
    #expect(try header.getInteger(at: 14 + 2, as: UInt32.self) == 1)  // root is the leaf
    #expect(try walker.records(1).count == 5)
  }

  // 100 records of 390 bytes: 10 leaves under one index node. 1000 records of 590 bytes: 167 leaves
  // (6 each), 21 index nodes (8 records of 506 bytes each), then 3, then the root.
  @Test(arguments: [(100, 300, 2), (1000, 500, 4)])
  func manyRecordsSplitIntoLeavesAndIndexLevels(count: Int, keyBytes: Int, depth: Int) throws {
    let records = Self.records(count: count, keyBytes: keyBytes, dataBytes: 88)
    let tree = BTreeBuilder.build(records, format: .catalog)
    let walker = BTreeWalker(bytes: tree, nodeSize: 4096)
    let header = try walker.node(0)
    #expect(Int(try header.getInteger(at: 14, as: UInt16.self)) == depth)
    #expect(Int(try header.getInteger(at: 14 + 6, as: UInt32.self)) == count)
    #expect(Int(try header.getInteger(at: 14 + 22, as: UInt32.self)) == tree.count / 4096)
    // Through the index, every record in order; through the leaf chain, the same.
    let expected = records.map { $0.key + $0.data }
    #expect(try walker.leafRecordsFromRoot() == expected)
    var chained: [[UInt8]] = []
    var next = Int(try header.getInteger(at: 14 + 10, as: UInt32.self))
    var previous = 0
    while next != 0 {
      let node = try walker.node(next)
      #expect(try node.getInteger(at: 8, as: Int8.self) == -1)
      #expect(Int(try node.getInteger(at: 4, as: UInt32.self)) == previous)
      chained += try walker.records(next)
      previous = next
      next = Int(try node.getInteger(at: 0, as: UInt32.self))
    }
    #expect(chained == expected)
    #expect(Int(try header.getInteger(at: 14 + 14, as: UInt32.self)) == previous)  // last leaf
  }

  // The planner sizes the catalog and attributes files from their measured shape, then writes
  // the nodes made to that shape into that space: the two must agree on every shape, from
  // empty to several index levels, with variable (catalog) and padded (extents) index keys.
  @Test(arguments: [(0, 20), (5, 20), (100, 300), (1000, 500), (40_000, 10)])
  func byteCountIsTheBuiltTreesSize(count: Int, keyBytes: Int) {
    let records = Self.records(count: count, keyBytes: keyBytes, dataBytes: 40)
    for format in [BTreeFormat.catalog, .extents, .attributes]
    where keyBytes - 2 <= Int(format.maxKeyLength) {
      #expect(
        BTreeShape(records, format: format).byteCount
          == BTreeBuilder.build(records, format: format).count)
    }
  }

  @Test func fixedIndexKeysArePaddedToTheMaximum() {
    let record = Self.records(count: 1, keyBytes: 8, dataBytes: 0)[0]
    let key = BTreeBuilder.indexKey(for: record.key, format: .extents)
    #expect(key.count == 2 + 10)
    #expect(key[0] == 0 && key[1] == 10)
    #expect(BTreeBuilder.indexKey(for: record.key, format: .catalog) == record.key)
  }

  @Test func mapNodesAppearWhenTheHeaderMapIsFull() {
    let headerBits = (4096 - 256) * 8
    #expect(BTreeBuilder.mapNodeCount(totalNodes: headerBits, nodeSize: 4096) == 0)
    #expect(BTreeBuilder.mapNodeCount(totalNodes: headerBits + 1, nodeSize: 4096) == 1)
    // A map node's record holds (4096 - 18) × 8 = 32,624 bits.
    #expect(BTreeBuilder.mapNodeCount(totalNodes: headerBits + 2 * 32_000, nodeSize: 4096) == 2)
    #expect(BTreeBuilder.mapNodeCount(totalNodes: headerBits + 3 * 32_000, nodeSize: 4096) == 3)
  }
}
