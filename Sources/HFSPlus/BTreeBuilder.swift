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

/// Builds a whole B-tree file from records already in key order.
///
/// Leaves are filled in order as the records come (none is kept once its node is written, but
/// each leaf's first key), then index levels are built bottom-up until one root remains; every
/// level's nodes are linked forward and backward. Node 0 is the header node (header record, user
/// data record, map record); map nodes follow when the header's map cannot cover every node.
package enum BTreeBuilder {
  /// The B-tree file for `records`, as `nodeCount × format.nodeSize` bytes.
  ///
  /// `records` is read once, in order, so it can make each record as it is asked for.
  /// `byteCount` (what ``byteCount(_:format:)`` says) reserves the file's bytes up front, so that
  /// a large tree is never copied as it grows.
  ///
  /// - Precondition: `records` are sorted by key and each fits in a node.
  package static func build(
    _ records: some Sequence<BTreeRecord>, format: BTreeFormat, byteCount: Int = 0
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(max(byteCount, format.nodeSize))
    output.append(contentsOf: repeatElement(0, count: format.nodeSize))  // the header, last
    var leaves = LeafWriter(format: format)
    for record in records { leaves.append(record, into: &output) }
    leaves.finish(into: &output)

    // The index levels above the leaves, bottom-up: each node's first key and its number.
    var levels: [[[BTreeRecord]]] = []
    var levelCounts = leaves.firstKeys.isEmpty ? [] : [leaves.firstKeys.count]
    var firsts = leaves.firstKeys
    while firsts.count > 1 {
      // Node numbers are assigned after packing; index records get them below.
      let level = pack(
        firsts.map { indexRecord(for: $0, child: 0, format: format) }, nodeSize: format.nodeSize)
      levels.append(level)
      levelCounts.append(level.count)
      firsts = level.map { $0[0] }
    }
    var childBase = 1
    var number = 1 + leaves.firstKeys.count
    for (offset, level) in levels.enumerated() {
      let height = offset + 1
      for (position, records) in level.enumerated() {
        // Point each index record at the node it summarizes.
        let contents = records.enumerated().map { index, record in
          indexRecord(
            for: record, child: UInt32(childBase + index), format: format, alreadyIndex: true)
        }
        childBase += records.count
        output.append(
          contentsOf: makeNode(
            kind: .index, height: UInt8(height + 1),
            forward: position + 1 < level.count ? UInt32(number + 1) : 0,
            backward: position > 0 ? UInt32(number - 1) : 0,
            records: contents, nodeSize: format.nodeSize))
        number += 1
      }
    }
    let treeNodes = levelCounts.reduce(0, +)
    let mapNodes = mapNodeCount(totalNodes: 1 + treeNodes, nodeSize: format.nodeSize)
    let totalNodes = 1 + treeNodes + mapNodes
    output.append(contentsOf: repeatElement(0, count: mapNodes * format.nodeSize))
    let header = HeaderRecord(
      depth: UInt16(levelCounts.count),
      root: levelCounts.isEmpty ? 0 : UInt32(treeNodes),
      leafRecords: UInt32(leaves.recordCount),
      firstLeaf: levelCounts.isEmpty ? 0 : 1,
      lastLeaf: UInt32(leaves.firstKeys.count),
      totalNodes: UInt32(totalNodes),
      format: format
    )
    writeHeaderAndMap(
      header, mapNodes: mapNodes, firstMapNode: 1 + treeNodes, into: &output, format: format)
    return output
  }

  // MARK: - Packing

  /// The bytes a node has for records: node size minus the 14-byte descriptor and the free-space
  /// offset.
  static func capacity(nodeSize: Int) -> Int { nodeSize - 14 - 2 }

  /// Splits records into nodes, each as full as it can be (every record also needs a 2-byte offset).
  static func pack(_ records: [BTreeRecord], nodeSize: Int) -> [[BTreeRecord]] {
    let starts = nodeStarts(recordSizes: records.map(\.size), nodeSize: nodeSize)
    return starts.indices.map { node in
      Array(records[starts[node]..<(node + 1 < starts.count ? starts[node + 1] : records.count)])
    }
  }

  /// Where each node of a level begins, as indices into the level's records, when records of
  /// `recordSizes` bytes are packed in order, each node as full as it can be.
  static func nodeStarts(recordSizes: [Int], nodeSize: Int) -> [Int] {
    var starts: [Int] = []
    var used = capacity(nodeSize: nodeSize)
    for (index, size) in recordSizes.enumerated() {
      let needed = size + 2
      precondition(needed <= capacity(nodeSize: nodeSize), "a record larger than a node")
      if used + needed > capacity(nodeSize: nodeSize) {
        starts.append(index)
        used = 0
      }
      used += needed
    }
    return starts
  }

  /// The size in bytes of the B-tree file ``build(_:format:byteCount:)`` makes of `records`.
  ///
  /// The tree is not built: how many nodes each level takes depends only on the records'
  /// sizes. `records` is read once, in order, and none is kept.
  ///
  /// - Precondition: each record fits in a node.
  package static func byteCount(_ records: some Sequence<BTreeRecord>, format: BTreeFormat) -> Int {
    // The leaves, as the records come: each one's first key length.
    var keyLengths: [Int] = []
    var used = capacity(nodeSize: format.nodeSize)
    for record in records {
      let needed = record.size + 2
      precondition(needed <= capacity(nodeSize: format.nodeSize), "a record larger than a node")
      if used + needed > capacity(nodeSize: format.nodeSize) {
        keyLengths.append(record.key.count)
        used = 0
      }
      used += needed
    }
    var treeNodes = keyLengths.count
    var nodes = keyLengths.count
    while nodes > 1 {
      // The next level's index records: each node's first key (padded when index keys are
      // not variable) and a 4-byte child node number.
      keyLengths = keyLengths.map {
        format.variableIndexKeys ? $0 : 2 + Int(format.maxKeyLength)
      }
      let starts = nodeStarts(recordSizes: keyLengths.map { $0 + 4 }, nodeSize: format.nodeSize)
      keyLengths = starts.map { keyLengths[$0] }
      nodes = starts.count
      treeNodes += nodes
    }
    let mapNodes = mapNodeCount(totalNodes: 1 + treeNodes, nodeSize: format.nodeSize)
    return (1 + treeNodes + mapNodes) * format.nodeSize
  }

  /// An index record for the node that starts with `first`: its key (padded to the maximum length
  /// when index keys are not variable) and the child's node number.
  static func indexRecord(
    for first: BTreeRecord, child: UInt32, format: BTreeFormat, alreadyIndex: Bool = false
  ) -> BTreeRecord {
    var key = first.key
    if !alreadyIndex, !format.variableIndexKeys {
      let length = Int(format.maxKeyLength)
      key[0] = UInt8(length >> 8)
      key[1] = UInt8(length & 0xFF)
      key += [UInt8](repeating: 0, count: 2 + length - key.count)
    }
    var data = ByteWriter()
    data.writeInteger(child)
    return BTreeRecord(key: key, data: data.bytes)
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

  private static func writeHeaderAndMap(
    _ header: HeaderRecord,
    mapNodes: Int,
    firstMapNode: Int,
    into output: inout [UInt8],
    format: BTreeFormat
  ) {
    // Every node is in use: set the first `totalNodes` bits, most significant bit first.
    let total = Int(header.totalNodes)
    var bitmap = [UInt8](repeating: 0, count: (total + 7) / 8)
    for node in 0..<total { bitmap[node / 8] |= 0x80 >> UInt8(node % 8) }
    func bits(from start: Int, length: Int) -> [UInt8] {
      var slice = [UInt8](repeating: 0, count: length)
      let end = min(bitmap.count, start + length)
      if start < end { slice.replaceSubrange(0..<(end - start), with: bitmap[start..<end]) }
      return slice
    }
    let headerMapLength = format.nodeSize - 256
    let headerNode = makeNode(
      kind: .header,
      height: 0,
      forward: mapNodes > 0 ? UInt32(firstMapNode) : 0,
      backward: 0,
      records: [
        header.bytes, [UInt8](repeating: 0, count: 128), bits(from: 0, length: headerMapLength),
      ].map { BTreeRecord(key: $0, data: []) },
      nodeSize: format.nodeSize
    )
    output.replaceSubrange(0..<format.nodeSize, with: headerNode)
    let mapLength = mapNodeBits(nodeSize: format.nodeSize) / 8
    for index in 0..<mapNodes {
      let number = firstMapNode + index
      let start = headerMapLength + index * mapLength
      let node = makeNode(
        kind: .map,
        height: 0,
        forward: index + 1 < mapNodes ? UInt32(number + 1) : 0,
        backward: 0,
        records: [BTreeRecord(key: bits(from: start, length: mapLength), data: [])],
        nodeSize: format.nodeSize
      )
      output.replaceSubrange(number * format.nodeSize..<(number + 1) * format.nodeSize, with: node)
    }
  }
}
