import SystemSupport

/// The shape of a B-tree, measured from its records in order without holding them: how many
/// records each node of each level holds, and what the root's info footer says.
///
/// ``nodes(of:firstIdentifier:)`` then makes the nodes one at a time from the same records,
/// so a tree too large to hold (a million-file volume's) is written node by node. Nodes are
/// packed full as ``BTreeBuilder`` describes.
struct BTreeShape: Sendable {
  let kind: BTreeKind
  let blockSize: Int
  /// For each level from the leaves up, how many records (entries of the level below) each
  /// of its nodes holds; the last level is the root alone.
  private(set) var levels: [[Int]] = []
  /// The leaves' records.
  private(set) var recordCount = 0
  /// The longest key and value among the leaves' records (the kind's sizes if fixed).
  private(set) var longest = (key: 0, value: 0)
  /// The ``ReproducibleBytes/Fingerprint`` of the leaves' keys and values, in order: an
  /// identifier for the content, taken while measuring so the tree need not be made for it.
  private(set) var fingerprint: UInt64 = 0

  /// The nodes of every level.
  var nodeCount: Int { levels.reduce(0) { $0 + $1.count } }

  /// Measures the tree holding `records`, in the tree's order.
  init(measuring records: some Sequence<BTreeRecord>, kind: BTreeKind, blockSize: Int) {
    self.kind = kind
    self.blockSize = blockSize
    var leaves = NodePacker(kind: kind, blockSize: blockSize, isLeaf: true)
    // Each parent record: its child's first key and an 8-byte pointer.
    var keyLengths: [Int] = []
    var hash = ReproducibleBytes.Fingerprint()
    for record in records {
      if leaves.add(size: record.key.count + record.value.count) {
        keyLengths.append(record.key.count)
      }
      longest = (max(longest.key, record.key.count), max(longest.value, record.value.count))
      hash.add(record.key)
      hash.add(record.value)
    }
    fingerprint = hash.value
    if let fixed = kind.fixedSizes { longest = fixed }
    recordCount = leaves.totalCount
    levels.append(leaves.nodes)
    if leaves.fitsInRoot { return }
    while true {
      var packer = NodePacker(kind: kind, blockSize: blockSize, isLeaf: false)
      var firsts: [Int] = []
      for length in keyLengths where packer.add(size: length + BTreeBuilder.childPointerLength) {
        firsts.append(length)
      }
      levels.append(packer.nodes)
      if packer.fitsInRoot { return }
      keyLengths = firsts
    }
  }

  /// The tree's nodes, made from `records` (the ones measured) as they are read, with
  /// identifiers `firstIdentifier`, `firstIdentifier + 1`, ...: the leaves in order, then each
  /// level up, the root last; checksums set.
  func nodes(of records: some Sequence<BTreeRecord>, firstIdentifier: UInt64)
    -> AnyIterator<[UInt8]>
  {
    var iterator = records.makeIterator()
    var leafIndex = 0
    // The leaves' first keys, which the index nodes above them hold (a leaf's keys may
    // depend on where the data goes, so they are taken as the leaves are made).
    var firstKeys: [[UInt8]] = []
    var upper: IndexingIterator<[[UInt8]]>?
    return AnyIterator {
      if leafIndex < levels[0].count {
        var group: [BTreeRecord] = []
        group.reserveCapacity(levels[0][leafIndex])
        for _ in 0..<levels[0][leafIndex] {
          guard let record = iterator.next() else {
            preconditionFailure("the B-tree's records are fewer than were measured")
          }
          group.append(record)
        }
        defer { leafIndex += 1 }
        if let first = group.first, levels.count > 1 { firstKeys.append(first.key) }
        return node(group, level: 0, identifier: firstIdentifier + UInt64(leafIndex))
      }
      if upper == nil {
        upper = upperNodes(above: firstKeys, firstIdentifier: firstIdentifier).makeIterator()
        firstKeys = []
      }
      return upper?.next()
    }
  }

  /// The nodes above the leaves whose first keys are `firstKeys`, level by level.
  private func upperNodes(above firstKeys: [[UInt8]], firstIdentifier: UInt64) -> [[UInt8]] {
    var nodes: [[UInt8]] = []
    var below = firstKeys.enumerated().map { index, key in
      BTreeRecord(key: key, value: BTreeBuilder.littleEndian(firstIdentifier + UInt64(index)))
    }
    var identifier = firstIdentifier + UInt64(levels[0].count)
    for (depth, counts) in levels.enumerated().dropFirst() {
      var parents: [BTreeRecord] = []
      var start = 0
      for count in counts {
        let group = Array(below[start..<(start + count)])
        start += count
        nodes.append(node(group, level: depth, identifier: identifier))
        if let first = group.first {
          parents.append(BTreeRecord(key: first.key, value: BTreeBuilder.littleEndian(identifier)))
        }
        identifier += 1
      }
      below = parents
    }
    return nodes
  }

  /// The node at `level` holding `records`, the root's footer added when it is the root.
  private func node(_ records: [BTreeRecord], level: Int, identifier: UInt64) -> [UInt8] {
    let isRoot = level == levels.count - 1
    var node = NodeImage(
      records: records, level: level, isRoot: isRoot, kind: kind, blockSize: blockSize)
    if isRoot {
      node.footer = Footer(
        kind: kind, blockSize: blockSize, longest: longest, keyCount: recordCount,
        nodeCount: nodeCount)
    }
    return node.bytes(identifier: identifier)
  }
}
