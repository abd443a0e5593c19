import SystemSupport

/// The fixed properties of one of a volume's B-trees (TN1150, "B-Trees").
package struct BTreeFormat: Sendable {
  /// The size of a node in bytes.
  package let nodeSize: Int
  /// The longest key, not counting its length field.
  package let maxKeyLength: UInt16
  /// `kBTBigKeysMask` (2) and `kBTVariableIndexKeysMask` (4).
  package let attributes: UInt32
  /// `kHFSCaseFolding` (0xCF) for the catalog, 0 elsewhere.
  package let keyCompareType: UInt8

  /// Whether index records carry keys of their real length (else padded to `maxKeyLength`).
  var variableIndexKeys: Bool { attributes & 4 != 0 }

  /// The catalog file: 4 KiB nodes, 516-byte keys, big and variable index keys, case folding.
  package static let catalog = BTreeFormat(
    nodeSize: 4096, maxKeyLength: 516, attributes: 6, keyCompareType: 0xCF)
  /// The extents overflow file: 4 KiB nodes, 10-byte keys.
  package static let extents = BTreeFormat(
    nodeSize: 4096, maxKeyLength: 10, attributes: 2, keyCompareType: 0)
  /// The attributes file: 8 KiB nodes, 266-byte keys.
  package static let attributes = BTreeFormat(
    nodeSize: 8192, maxKeyLength: 266, attributes: 6, keyCompareType: 0)
}

/// A record of a B-tree leaf: its key (length field included) and its data.
package struct BTreeRecord: Sendable {
  /// The key, starting with its 16-bit length.
  package let key: [UInt8]
  /// The record data after the key.
  package let data: [UInt8]

  var size: Int { key.count + data.count }
}

/// The kinds of B-tree node (TN1150 `kBTLeafNode` and friends).
enum BTreeNodeKind: Int8 {
  case leaf = -1
  case index = 0
  case header = 1
  case map = 2
}

/// Builds B-tree files from records already in key order.
///
/// A tree is made in two passes over its records: ``BTreeShape`` measures how they fall into
/// nodes, keeping only each leaf's first key, and ``BTreeNodes`` then makes the nodes one at a
/// time in file order (the header node, the leaves, the index levels bottom-up, the map nodes),
/// so a large catalog is never held whole. Every level's nodes are linked forward and backward.
/// Node 0 is the header node (header record, user data record, map record); map nodes follow
/// when the header's map cannot cover every node.
package enum BTreeBuilder {
  /// The B-tree file for `records`, as `nodeCount × format.nodeSize` bytes.
  ///
  /// `records` is read twice, in order: once for the tree's shape, once for its leaves.
  ///
  /// - Precondition: `records` are sorted by key and each fits in a node.
  package static func build(_ records: some Sequence<BTreeRecord>, format: BTreeFormat) -> [UInt8] {
    let shape = BTreeShape(records, format: format)
    var output: [UInt8] = []
    output.reserveCapacity(shape.byteCount)
    for node in IteratorSequence(BTreeNodes(records.makeIterator(), shape: shape)) {
      output += node
    }
    return output
  }

  // MARK: - Packing

  /// The bytes a node has for records: node size minus the 14-byte descriptor and the free-space
  /// offset.
  static func capacity(nodeSize: Int) -> Int { nodeSize - 14 - 2 }

  /// Where each node of a level begins, as indices into the level's records, when records of
  /// `recordSizes` bytes are packed in order, each node as full as it can be.
  static func nodeStarts(recordSizes: some Sequence<Int>, nodeSize: Int) -> [Int] {
    var starts: [Int] = []
    var packer = NodePacker(nodeSize: nodeSize)
    for (index, size) in recordSizes.enumerated() where packer.startsNode(recordSize: size) {
      starts.append(index)
    }
    return starts
  }

  /// The key an index record holds for the node whose first key is `key`: the key itself, or
  /// padded to the maximum length when index keys are not variable.
  static func indexKey(for key: [UInt8], format: BTreeFormat) -> [UInt8] {
    guard !format.variableIndexKeys else { return key }
    let length = Int(format.maxKeyLength)
    var padded = key
    padded[0] = UInt8(length >> 8)
    padded[1] = UInt8(length & 0xFF)
    padded += [UInt8](repeating: 0, count: 2 + length - key.count)
    return padded
  }

  /// One node: descriptor, records, free space, then the record offsets backwards from the end.
  static func makeNode(
    kind: BTreeNodeKind,
    height: UInt8,
    forward: UInt32,
    backward: UInt32,
    records: [BTreeRecord],
    nodeSize: Int
  ) -> [UInt8] {
    var node = ByteWriter(capacity: nodeSize)
    node.writeInteger(forward)
    node.writeInteger(backward)
    node.writeInteger(kind.rawValue)
    node.writeInteger(height)
    node.writeInteger(UInt16(records.count))
    node.writeInteger(UInt16(0))
    var offsets: [UInt16] = []
    for record in records {
      offsets.append(UInt16(node.count))
      node.writeBytes(record.key)
      node.writeBytes(record.data)
    }
    offsets.append(UInt16(node.count))  // where free space starts
    node.writeZeros(nodeSize - node.count - 2 * offsets.count)
    for offset in offsets.reversed() { node.writeInteger(offset) }
    precondition(node.count == nodeSize, "node overflow")
    return node.bytes
  }

  // MARK: - Header and map

  struct HeaderRecord {
    let depth: UInt16
    let root: UInt32
    let leafRecords: UInt32
    let firstLeaf: UInt32
    let lastLeaf: UInt32
    let totalNodes: UInt32
    let format: BTreeFormat

    /// The 106-byte `BTHeaderRec`.
    var bytes: [UInt8] {
      var writer = ByteWriter(capacity: 106)
      writer.writeInteger(depth)
      writer.writeInteger(root)
      writer.writeInteger(leafRecords)
      writer.writeInteger(firstLeaf)
      writer.writeInteger(lastLeaf)
      writer.writeInteger(UInt16(format.nodeSize))
      writer.writeInteger(format.maxKeyLength)
      writer.writeInteger(totalNodes)
      writer.writeInteger(UInt32(0))  // free nodes: the file holds exactly the nodes in use
      writer.writeInteger(UInt16(0))  // reserved1
      writer.writeInteger(UInt32(format.nodeSize))  // clump size
      writer.writeInteger(UInt8(0))  // btreeType: kHFSBTreeType
      writer.writeInteger(format.keyCompareType)
      writer.writeInteger(format.attributes)
      writer.writeZeros(64)  // reserved3
      return writer.bytes
    }
  }

  /// Bits in the header node's map record.
  static func headerMapBits(nodeSize: Int) -> Int { (nodeSize - 256) * 8 }

  /// Bits in one map node's record.
  static func mapNodeBits(nodeSize: Int) -> Int { (nodeSize - 18) / 2 * 2 * 8 }

  /// How many map nodes a tree of `totalNodes` (map nodes not counted) needs.
  static func mapNodeCount(totalNodes: Int, nodeSize: Int) -> Int {
    var mapNodes = 0
    while headerMapBits(nodeSize: nodeSize) + mapNodes * mapNodeBits(nodeSize: nodeSize)
      < totalNodes + mapNodes
    {
      mapNodes += 1
    }
    return mapNodes
  }

  /// The header node: its header record, the user data record, and the first of the map.
  static func headerNode(_ header: HeaderRecord, firstMapNode: UInt32?) -> [UInt8] {
    let nodeSize = header.format.nodeSize
    return makeNode(
      kind: .header, height: 0, forward: firstMapNode ?? 0, backward: 0,
      records: [
        header.bytes, [UInt8](repeating: 0, count: 128),
        usedNodeBits(from: 0, count: nodeSize - 256, totalNodes: Int(header.totalNodes)),
      ].map { BTreeRecord(key: $0, data: []) },
      nodeSize: nodeSize)
  }

  /// Map node `index` (0 for the first), numbered `number`, of a tree of `totalNodes` with
  /// `mapNodes` of them.
  static func mapNode(
    _ index: Int, number: Int, mapNodes: Int, totalNodes: Int, nodeSize: Int
  ) -> [UInt8] {
    let length = mapNodeBits(nodeSize: nodeSize) / 8
    let bits = usedNodeBits(
      from: nodeSize - 256 + index * length, count: length, totalNodes: totalNodes)
    return makeNode(
      kind: .map, height: 0, forward: index + 1 < mapNodes ? UInt32(number + 1) : 0,
      backward: 0, records: [BTreeRecord(key: bits, data: [])], nodeSize: nodeSize)
  }

  /// `count` bytes of the map from byte `start`: every node is in use, so the first
  /// `totalNodes` bits are set, most significant bit first.
  static func usedNodeBits(from start: Int, count: Int, totalNodes: Int) -> [UInt8] {
    (start..<(start + count)).map { byte in
      let bits = totalNodes - byte * 8
      return bits >= 8 ? 0xFF : bits > 0 ? UInt8(truncatingIfNeeded: 0xFF << (8 - bits)) : 0
    }
  }
}
