import SystemSupport

/// One key and value of a B-tree.
struct BTreeRecord: Sendable {
  var key: [UInt8]
  var value: [UInt8]
}

/// Which tree a B-tree is, and so how its nodes are flagged and sized.
struct BTreeKind: Sendable {
  /// The nodes' object subtype, such as ``ObjectHeader/objectMap``.
  var subtype: UInt32
  /// The nodes' storage: ``ObjectHeader/physical`` (identifiers are block addresses),
  /// ``ObjectHeader/virtual`` (found through an object map) or ``ObjectHeader/ephemeral``.
  var storage: UInt32
  /// Key and value sizes of a tree whose leaf records all have one size (object maps).
  var fixedSizes: (key: Int, value: Int)?
  /// The info footer's `bt_flags`.
  var footerFlags: UInt32

  /// An object map: fixed 16-byte keys and values, physical, aligned.
  static let objectMap = BTreeKind(
    subtype: ObjectHeader.objectMap, storage: ObjectHeader.physical, fixedSizes: (16, 16),
    footerFlags: 0x10)
  /// A volume's file-system tree: virtual nodes, unaligned records.
  static let fileSystem = BTreeKind(
    subtype: ObjectHeader.fileSystemTree, storage: ObjectHeader.virtual, fixedSizes: nil,
    footerFlags: 0x40)
  /// A volume's extent-reference tree: physical, unaligned.
  static let extentReference = BTreeKind(
    subtype: ObjectHeader.extentReferenceTree, storage: ObjectHeader.physical, fixedSizes: nil,
    footerFlags: 0x50)
  /// A space-manager free queue: ephemeral, fixed 16-byte keys and 8-byte values.
  static let freeQueue = BTreeKind(
    subtype: ObjectHeader.freeQueue, storage: ObjectHeader.ephemeral, fixedSizes: (16, 8),
    footerFlags: 0x0C)
  /// A volume's snapshot-metadata tree: physical, unaligned.
  static let snapshotMetadata = BTreeKind(
    subtype: ObjectHeader.snapshotMetadataTree, storage: ObjectHeader.physical, fixedSizes: nil,
    footerFlags: 0x50)
}

/// Builds a B-tree bottom-up from records sorted in the tree's order, packing each node full.
///
/// Apple File System Reference, "B-Trees": a node is the object header, flags, level and key
/// count, the table of contents, the keys growing forward, the values growing backward from the
/// end, and, in the root only, a 40-byte info footer. Leaves are level 0; an index record's key
/// is its child's first key and its value the child's 8-byte identifier. Nodes are returned with
/// identifiers `first`, `first + 1`, ...: the leaves in order, then each level up, the root last.
enum BTreeBuilder {
  static let headerLength = 56
  static let footerLength = 40
  static let childPointerLength = 8

  /// The nodes of the tree holding `records`, their checksums set.
  static func build(
    _ records: [BTreeRecord], kind: BTreeKind, firstIdentifier: UInt64, blockSize: Int
  ) -> [[UInt8]] {
    let levels = plan(records, kind: kind, blockSize: blockSize)
    let nodeCount = levels.reduce(0) { $0 + $1.count }
    var nodes: [[UInt8]] = []
    nodes.reserveCapacity(nodeCount)
    var longest = (key: 0, value: 0)
    for record in records {
      longest = (max(longest.key, record.key.count), max(longest.value, record.value.count))
    }
    if let fixed = kind.fixedSizes { longest = fixed }
    var level = records
    for (depth, groups) in levels.enumerated() {
      var parents: [BTreeRecord] = []
      for group in groups {
        let identifier = firstIdentifier + UInt64(nodes.count)
        let isRoot = depth == levels.count - 1
        var node = NodeImage(
          records: Array(level[group]), level: depth, isRoot: isRoot, kind: kind,
          blockSize: blockSize)
        if isRoot {
          node.footer = Footer(
            kind: kind, blockSize: blockSize, longest: longest, keyCount: records.count,
            nodeCount: nodeCount)
        }
        nodes.append(node.bytes(identifier: identifier))
        if let first = level[group].first {
          parents.append(BTreeRecord(key: first.key, value: littleEndian(identifier)))
        }
      }
      level = parents
    }
    return nodes
  }

  /// The number of nodes the tree holding `records` needs.
  static func nodeCount(_ records: [BTreeRecord], kind: BTreeKind, blockSize: Int) -> Int {
    plan(records, kind: kind, blockSize: blockSize).reduce(0) { $0 + $1.count }
  }

  /// For each level from the leaves up, the ranges of its records each node holds.
  static func plan(_ records: [BTreeRecord], kind: BTreeKind, blockSize: Int) -> [[Range<Int>]] {
    var levels: [[Range<Int>]] = []
    var keyLengths = records.map(\.key.count)
    var sizes = records.map { $0.key.count + $0.value.count }
    while true {
      let isLeaf = levels.isEmpty
      if fits(sizes[...], isLeaf: isLeaf, isRoot: true, kind: kind, blockSize: blockSize) {
        levels.append([0..<sizes.count])
        return levels
      }
      var groups: [Range<Int>] = []
      var start = 0
      while start < sizes.count {
        var end = start + 1
        while end < sizes.count,
          fits(
            sizes[start...end], isLeaf: isLeaf, isRoot: false, kind: kind, blockSize: blockSize)
        {
          end += 1
        }
        groups.append(start..<end)
        start = end
      }
      levels.append(groups)
      // Each parent record: its child's first key and an 8-byte pointer.
      keyLengths = groups.map { keyLengths[$0.lowerBound] }
      sizes = keyLengths.map { $0 + childPointerLength }
    }
  }

  /// Whether records of these sizes fit in one node.
  static func fits(
    _ sizes: ArraySlice<Int>, isLeaf: Bool, isRoot: Bool, kind: BTreeKind, blockSize: Int
  ) -> Bool {
    let available = blockSize - headerLength - (isRoot ? footerLength : 0)
    if let fixed = kind.fixedSizes {
      let table = tableLength(isLeaf: isLeaf, kind: kind, blockSize: blockSize, count: sizes.count)
      let value = isLeaf ? fixed.value : childPointerLength
      return table + sizes.count * (fixed.key + value) <= available
    }
    return max(sizes.count, 1) * 8 + sizes.reduce(0, +) <= available
  }

  /// The table of contents' length: fixed-size trees preallocate it for a full node.
  static func tableLength(isLeaf: Bool, kind: BTreeKind, blockSize: Int, count: Int) -> Int {
    // A variable-size table has room for one entry at least, even in an empty tree.
    guard let fixed = kind.fixedSizes else { return max(count, 1) * 8 }
    let value = isLeaf ? fixed.value : childPointerLength
    return (blockSize - headerLength) / (fixed.key + value + 4) * 4
  }

  static func littleEndian(_ value: UInt64) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
}
