import SystemSupport

/// The nodes of a B-tree file of a measured ``BTreeShape``, made one at a time in file order
/// from its records: the header node, the leaves as the records fill them, the index nodes
/// level by level up to the root, then the map nodes.
///
/// Only the leaf being filled is held, so the catalog of a million files streams in node-sized
/// pieces; the index nodes come from the shape's first keys.
package struct BTreeNodes<Records: IteratorProtocol<BTreeRecord>>: IteratorProtocol {
  private enum Stage {
    case header, leaves
    /// Index level `level` (0 just above the leaves), at its node `position`.
    case index(level: Int, position: Int)
    case map(index: Int)
    case done
  }

  private let shape: BTreeShape
  private var records: Records
  private var stage = Stage.header
  /// The records of the leaf being filled.
  private var pending: [BTreeRecord] = []
  private var packer: BTreeBuilder.NodePacker
  private var leavesMade = 0
  private var recordsRead = 0
  /// The node number of the first node of the level below the index level being made, and
  /// the leaf that each of that level's nodes starts with.
  private var belowBase = 1
  private var belowFirstLeaves: [Int] = []

  /// The nodes of the tree of `shape`, its leaves filled from `records`.
  ///
  /// - Precondition: `records` are the ones `shape` was measured from, in the same order, up
  ///   to what they hold outside their keys (so their sizes are the same).
  package init(_ records: Records, shape: BTreeShape) {
    self.records = records
    self.shape = shape
    packer = BTreeBuilder.NodePacker(nodeSize: shape.format.nodeSize)
  }

  /// The next node's bytes, or nil after the last.
  package mutating func next() -> [UInt8]? {
    while true {
      switch stage {
      case .header:
        stage = .leaves
        return BTreeBuilder.headerNode(
          shape.headerRecord,
          firstMapNode: shape.mapNodeCount > 0 ? UInt32(1 + shape.treeNodeCount) : nil)
      case .leaves:
        if let leaf = nextLeaf() { return leaf }
        precondition(
          leavesMade == shape.leafCount && recordsRead == shape.recordCount,
          "the records do not have the shape measured")
        belowFirstLeaves = Array(0..<shape.leafCount)
        stage = .index(level: 0, position: 0)
      case .index(let level, let position):
        guard level < shape.indexLevels.count else {
          stage = .map(index: 0)
          continue
        }
        let starts = shape.indexLevels[level]
        guard position < starts.count else {
          belowBase += belowFirstLeaves.count
          belowFirstLeaves = starts.map { belowFirstLeaves[$0] }
          stage = .index(level: level + 1, position: 0)
          continue
        }
        stage = .index(level: level, position: position + 1)
        return indexNode(level: level, position: position, starts: starts)
      case .map(let index):
        guard index < shape.mapNodeCount else {
          stage = .done
          continue
        }
        stage = .map(index: index + 1)
        return BTreeBuilder.mapNode(
          index, number: 1 + shape.treeNodeCount + index, mapNodes: shape.mapNodeCount,
          totalNodes: shape.nodeCount, nodeSize: shape.format.nodeSize)
      case .done:
        return nil
      }
    }
  }

  /// The next leaf, once the record after it does not fit or the records end; nil after the
  /// last.
  private mutating func nextLeaf() -> [UInt8]? {
    while let record = records.next() {
      recordsRead += 1
      if packer.startsNode(recordSize: record.size), !pending.isEmpty {
        let leaf = makeLeaf(hasNext: true)
        pending.append(record)
        return leaf
      }
      pending.append(record)
    }
    return pending.isEmpty ? nil : makeLeaf(hasNext: false)
  }

  /// The leaf of the pending records, which it empties.
  private mutating func makeLeaf(hasNext: Bool) -> [UInt8] {
    leavesMade += 1
    let number = leavesMade
    defer { pending.removeAll(keepingCapacity: true) }
    return BTreeBuilder.makeNode(
      kind: .leaf, height: 1, forward: hasNext ? UInt32(number + 1) : 0,
      backward: number > 1 ? UInt32(number - 1) : 0, records: pending,
      nodeSize: shape.format.nodeSize)
  }

  /// Node `position` of index level `level`, whose nodes start at `starts` in the level below:
  /// each child's first key and node number.
  private func indexNode(level: Int, position: Int, starts: [Int]) -> [UInt8] {
    let end = position + 1 < starts.count ? starts[position + 1] : belowFirstLeaves.count
    let children = starts[position]..<end
    let records = children.map { child in
      var number = ByteWriter(capacity: 4)
      number.writeInteger(UInt32(belowBase + child))
      return BTreeRecord(key: shape.indexKeys[belowFirstLeaves[child]], data: number.bytes)
    }
    let nodeNumber = belowBase + belowFirstLeaves.count + position
    return BTreeBuilder.makeNode(
      kind: .index, height: UInt8(level + 2),
      forward: position + 1 < starts.count ? UInt32(nodeNumber + 1) : 0,
      backward: position > 0 ? UInt32(nodeNumber - 1) : 0, records: records,
      nodeSize: shape.format.nodeSize)
  }
}
