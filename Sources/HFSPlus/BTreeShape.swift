import SystemSupport

/// How a B-tree's records fall into nodes, measured in one pass over them that keeps only each
/// leaf's first key: the tree's size, and all its index nodes hold, without building it.
///
/// How many nodes each level takes depends only on the records' sizes and the leaves' first
/// keys, so a catalog measured before its files' blocks are known has the shape of the one
/// built after. ``BTreeNodes`` makes the nodes of this shape from the same records.
package struct BTreeShape: Sendable {
  /// The tree's node size, key length and flags.
  package let format: BTreeFormat
  /// How many records the leaves hold.
  package let recordCount: Int
  /// Each leaf's first key as its index record holds it (see ``BTreeBuilder/indexKey(for:format:)``).
  let indexKeys: [[UInt8]]
  /// The index levels above the leaves, bottom-up: for each of a level's nodes, the position
  /// in the level below of its first child.
  let indexLevels: [[Int]]
  /// The ``ReproducibleBytes/Fingerprint`` of the records' keys and data, in order: an
  /// identifier for the content, taken while measuring so the tree need not be made for it.
  package let fingerprint: UInt64

  /// Measures the tree of `records`, read once, in order; none is kept but each leaf's first
  /// key.
  ///
  /// - Precondition: `records` are sorted by key and each fits in a node.
  package init(_ records: some Sequence<BTreeRecord>, format: BTreeFormat) {
    self.format = format
    var keys: [[UInt8]] = []
    var count = 0
    var packer = BTreeBuilder.NodePacker(nodeSize: format.nodeSize)
    var hash = ReproducibleBytes.Fingerprint()
    for record in records {
      if packer.startsNode(recordSize: record.size) {
        keys.append(BTreeBuilder.indexKey(for: record.key, format: format))
      }
      hash.add(record.key)
      hash.add(record.data)
      count += 1
    }
    recordCount = count
    fingerprint = hash.value
    indexKeys = keys
    // Each index record is a child's first key and its 4-byte node number.
    var levels: [[Int]] = []
    var firstLeaves = Array(keys.indices)
    while firstLeaves.count > 1 {
      let starts = BTreeBuilder.nodeStarts(
        recordSizes: firstLeaves.lazy.map { keys[$0].count + 4 }, nodeSize: format.nodeSize)
      levels.append(starts)
      firstLeaves = starts.map { firstLeaves[$0] }
    }
    indexLevels = levels
  }

  /// How many leaves the tree has.
  package var leafCount: Int { indexKeys.count }

  /// How many nodes each level has, the leaves first, the root last; none for an empty tree.
  var levelCounts: [Int] { leafCount == 0 ? [] : [leafCount] + indexLevels.map(\.count) }

  /// The leaves and index nodes.
  var treeNodeCount: Int { levelCounts.reduce(0, +) }

  /// The map nodes that follow the tree's nodes.
  var mapNodeCount: Int {
    BTreeBuilder.mapNodeCount(totalNodes: 1 + treeNodeCount, nodeSize: format.nodeSize)
  }

  /// Every node: the header node, the tree's, and the map nodes.
  package var nodeCount: Int { 1 + treeNodeCount + mapNodeCount }

  /// The size in bytes of the B-tree file.
  package var byteCount: Int { nodeCount * format.nodeSize }

  /// The header node's `BTHeaderRec`.
  var headerRecord: BTreeBuilder.HeaderRecord {
    BTreeBuilder.HeaderRecord(
      depth: UInt16(levelCounts.count),
      root: leafCount == 0 ? 0 : UInt32(treeNodeCount),
      leafRecords: UInt32(recordCount),
      firstLeaf: leafCount == 0 ? 0 : 1,
      lastLeaf: UInt32(leafCount),
      totalNodes: UInt32(nodeCount),
      format: format)
  }
}
